/**
 * The current site's uploaded documents (newest first, followed by realtime) and the upload:
 * the record is created with its file (the server checks the file), then analysed on the server
 * (POST /api/cro/documents/{id}/analyze). A user with no site gets one first, for this host.
 */
import { pb } from '../../client/pb';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { DocumentRecord, SiteRecord } from './records';
import { $currentSiteId, createSite, refetchSites, selectSite } from './sites';

/** Every field but the extracted text, which only the server reads. */
const LIST_FIELDS =
  'id,collectionId,collectionName,site_id,user_id,file_name,file_path,file_size,file_type,analysis_status,analysis_result,analysis_summary,language,analyzed_at,created_at';

const documentsState = createCollectionStore<DocumentRecord>({
  collection: 'documents',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at',
  limit: 20,
  fields: LIST_FIELDS,
});

export const $documents = documentsState;
export const refetchDocuments = () => documentsState.refetch();

/** Upload progress: 20 and 40 while uploading, 60 and 80 while analysing, 100 when the list shows it. */
export type UploadPhase = 'uploading' | 'analyzing';

/** The site the upload goes to: the current one, or a new pending site for this host. */
async function siteForUpload(userId: string, currentSiteId: string | null): Promise<string> {
  if (currentSiteId) return currentSiteId;
  const site: SiteRecord = await createSite(userId, window.location.host, '');
  selectSite(site.id);
  await refetchSites();
  return site.id;
}

/** Uploads and analyses one document; rejects with the server's error (the record may stay, failed). */
export async function uploadDocument(
  file: File,
  userId: string,
  siteId: string | null,
  progress: (percent: number, phase: UploadPhase) => void,
): Promise<DocumentRecord> {
  progress(20, 'uploading');
  const site = await siteForUpload(userId, siteId);
  progress(40, 'uploading');
  const form = new FormData();
  form.append('site_id', site);
  form.append('user_id', userId);
  form.append('file_name', file.name);
  form.append('file', file);
  const record = await pb.collection('documents').create<DocumentRecord>(form, { requestKey: null, fields: LIST_FIELDS });
  progress(60, 'analyzing');
  try {
    await pb.send(`/api/cro/documents/${record.id}/analyze`, { method: 'POST', requestKey: null });
    progress(80, 'analyzing');
  } finally {
    await refetchDocuments();
  }
  progress(100, 'analyzing');
  return record;
}

export const deleteDocument = (id: string) => pb.collection('documents').delete(id, { requestKey: null });
