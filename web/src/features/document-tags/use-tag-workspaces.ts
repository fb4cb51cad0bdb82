import { useWorkspaces } from '../workspaces';
import type { TagWorkspace } from './tags-menu';

/**
 * The workspaces where the user may make new tags: every workspace they belong to (any member
 * adds tags), except the demo workspace, which is nobody's to change (spec 3 §5 'Tags').
 */
export function useTagWorkspaces(isEnabled = true): TagWorkspace[] {
  const workspaces = useWorkspaces();
  if (!isEnabled) return [];
  return (workspaces.data ?? [])
    .filter((workspace) => !workspace.isDemo)
    .map((workspace) => ({ id: workspace.id, title: workspace.title }));
}
