import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { notFound } from '#app/auth/guards.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { Documents } from '#app/features/documents/face.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { setLink } from '#app/features/inventory/links.server.ts'
import { Measures } from '#app/features/measures/face.server.ts'
import { addDocumentSchema, addMeasureSchema } from './attach-schemas.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The stepper intents a risk and an ICS process share beyond editing blocks: link or unlink the
 * other tool's entry, add a measure, add a document. Answers null for any other intent.
 */
export async function handleAttachIntent(
  request: Request,
  formData: FormData,
  opts: {
    access: CustomerAccess
    /** Whose stepper this is; measures and documents are filed under that tool. */
    owner: { tool: 'risk'; riskId: string } | { tool: 'iks'; iksId: string }
    here: (step: string) => string
    steps: { links: string; measures: string; documents: string }
  },
) {
  const { access, owner } = opts
  const intent = String(formData.get('intent') ?? '')
  const ids = owner.tool === 'risk' ? { riskId: owner.riskId } : { iksId: owner.iksId }
  switch (intent) {
    case 'link':
    case 'unlink': {
      const other = String(formData.get('otherId') ?? '')
      try {
        if (owner.tool === 'risk') await setLink(access, owner.riskId, other, intent === 'link')
        else await setLink(access, other, owner.iksId, intent === 'link')
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not-found') notFound(request)
        throw error
      }
      return redirectWithToast(opts.here(opts.steps.links), intent === 'link' ? 'added' : 'deleted')
    }
    case 'addMeasure': {
      const submission = parseWithZod(formData, { schema: addMeasureSchema })
      if (submission.status !== 'success') return data({ measureResult: submission.reply() }, { status: 400 })
      const v = submission.value
      const [type, id] = v.owner.split(':') as ['user' | 'body', string]
      try {
        await Measures.for(access).create({
          source: owner.tool,
          ...ids,
          title: v.title,
          body: '',
          owner: { type, id },
          dueDate: v.dueDate,
          recurrence: v.recurrence,
          dsgMeasure: v.dsgMeasure,
          inEdit: false,
        })
      } catch (error) {
        return replyToDomainError(error, submission, request, 'measureResult')
      }
      return redirectWithToast(opts.here(opts.steps.measures), 'created')
    }
    case 'addDocument': {
      const submission = parseWithZod(formData, { schema: addDocumentSchema })
      if (submission.status !== 'success') return data({ documentResult: submission.reply() }, { status: 400 })
      const v = submission.value
      try {
        // Filed now, so it is on hand; without a link the list shows the linking error.
        await Documents.for(access).create({
          category: owner.tool,
          ...ids,
          name: v.name,
          link: v.link || null,
          linkText: v.linkText,
          comment: v.comment,
          dueDate: v.dueDate,
          present: true,
        })
      } catch (error) {
        return replyToDomainError(error, submission, request, 'documentResult')
      }
      return redirectWithToast(opts.here(opts.steps.documents), 'added')
    }
  }
  return null
}
