/** Which files the document upload takes, and how their sizes are shown. */

export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.md', '.csv', '.xlsx', '.xls', '.pptx'] as const;

/** The largest upload, the same as the documents collection's file field and pocketbase/docs. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The file input's accept attribute. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');

export function isAcceptedDocument(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && (DOCUMENT_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase());
}

/** Under 1024 as B, under 1 MB as KB, else MB, with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
