/** The types a stored file may have, by what its content shows (never the browser's word), with the names' extensions that fit them (decision 0063). */
export const FILE_TYPES = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
  'message/rfc822': ['eml'],
  'application/vnd.ms-outlook': ['msg'],
} as const
export type FileType = keyof typeof FILE_TYPES

/** The file input's hint of the allowed types (the server decides by content). */
export const FILE_ACCEPT = Object.values(FILE_TYPES)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',')
