import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import { RouteDialog } from './route-dialog.tsx'
import { Button } from './button.tsx'
import { FormActions } from './card.tsx'
import { FormErrors } from './fields.tsx'

/** Asks before deleting; posts the row's version so a stale delete is refused. */
export function DeleteDialog({
  title,
  question,
  closeTo,
  version,
  actionData,
}: {
  title: string
  question: string
  closeTo: string
  version: number
  actionData: unknown
}) {
  const { t } = useTranslation()
  const errors = (actionData as { result?: { error?: Record<string, string[]> } } | undefined)?.result?.error?.['']
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" preventScrollReset>
        <FormErrors errors={errors} />
        <p>{question}</p>
        <input type="hidden" name="version" value={version} />
        <FormActions>
          <Button type="submit" variant="danger">
            {t('action.delete')}
          </Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
