import { createContext, type ReactNode, useContext, useLayoutEffect } from 'react';

/** What a page may ask of the dashboard's side menu. */
export type DrawerControl = {
  /**
   * An editor page opened: the side menu floats over the page and hides until the menu button
   * opens it. Returns the release to call when the page closes.
   */
  floatWhileOpen: () => () => void;
};

export const DrawerControlContext = createContext<DrawerControl>({
  floatWhileOpen: () => () => undefined,
});

/**
 * For the document editors (spec 1 §2: on editor routes the drawer floats and hides): while the
 * page is open the side menu is hidden and, opened with the menu button, floats over the page
 * instead of taking its room. Leaving the page gives the menu back as the user had it.
 */
export function useCloseDrawerOnOpen(): void {
  const { floatWhileOpen } = useContext(DrawerControlContext);
  // Before paint, so the editor does not first show squeezed beside the menu.
  useLayoutEffect(() => floatWhileOpen(), [floatWhileOpen]);
}

/** Marks a route's page as a document editor in the routes table (see useCloseDrawerOnOpen). */
export function EditorRoute({ children }: { children: ReactNode }): ReactNode {
  useCloseDrawerOnOpen();
  return children;
}
