import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DocumentTags } from './get-tags';
import { documentTagsSource, type TagsSource } from './tags-source';

/** PUT <path>/tags: the thing's tags become exactly these. */
export function setTags(source: TagsSource, tagIds: string[]) {
  return apiFetch<DocumentTags>(`${source.path}/tags`, { method: 'PUT', body: { tagIds } });
}

export function useSetTagsAt(source: TagsSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => setTags(source, tagIds),
    onSuccess: (tags) => queryClient.setQueryData(source.queryKey, tags),
    onSettled: () => queryClient.invalidateQueries({ queryKey: source.changedKey }),
  });
}

/** PUT /api/v1/:collection/:documentId/tags. */
export function useSetTags(collection: DocumentCollection, documentId: string) {
  return useSetTagsAt(documentTagsSource(collection, documentId));
}
