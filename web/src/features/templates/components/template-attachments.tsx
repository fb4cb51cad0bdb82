import { AttachmentsCard } from '../../attachments';

/**
 * Where the template's PDF attachments appear in the editor (spec 2 §2.1, §4.6): the
 * attachments area's card (upload with progress, positions, the PDF check).
 */
export function TemplateAttachments({
  templateId,
  canEdit,
}: {
  templateId: string;
  canEdit: boolean;
}) {
  return <AttachmentsCard collection="templates" documentId={templateId} canEdit={canEdit} />;
}
