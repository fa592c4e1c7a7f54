import {
  FormDataParseError,
  type FileUpload,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { uploadLimit } from '#models/core/files.server.ts'

/** How many files one form may carry. */
export const MAX_FILES_PER_FORM = 10

export type Upload = { field: string; name: string; size: number; stream: () => AsyncIterable<Uint8Array> }

/** Why a multipart form was refused before its files reached the store: too large (413) or unreadable (400). */
export class UploadRefused extends Error {
  constructor(public readonly reason: 'tooLarge' | 'tooMany' | 'unreadable') {
    super(`upload refused: ${reason}`)
  }
}

/**
 * Reads a multipart form (issue 25, decision 0063): its text fields as FormData, its files with their
 * names and content, each at most `limit` bytes (UPLOAD_LIMIT). The parser stops at the first byte past
 * the limit, so a too large file is refused without reading the rest of the body into memory.
 */
export async function readUpload(request: Request, limit = uploadLimit()): Promise<{ form: FormData; files: Upload[] }> {
  const files: Upload[] = []
  let form: FormData
  try {
    form = await parseFormData(
      request,
      { maxFileSize: limit, maxFiles: MAX_FILES_PER_FORM, maxTotalSize: limit * MAX_FILES_PER_FORM + 1024 * 1024 },
      (file: FileUpload) => {
        // An empty file input sends a part without a name or content: nothing chosen.
        if (!file.name && !file.size) return
        files.push({
          field: file.fieldName,
          name: file.name,
          size: file.size,
          stream: () => file.stream() as unknown as AsyncIterable<Uint8Array>,
        })
      },
    )
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) throw new UploadRefused('tooLarge')
    if (error instanceof MaxFilesExceededError) throw new UploadRefused('tooMany')
    if (error instanceof FormDataParseError) throw new UploadRefused('unreadable')
    throw error
  }
  return { form, files }
}
