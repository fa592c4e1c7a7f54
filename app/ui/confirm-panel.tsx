import { AppLink } from './app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import { Button } from './button.tsx'
import { FormActions } from './card.tsx'
import { Alert } from './fields.tsx'

/**
 * The second step of a removal that asks first: the action answered the first POST with what it is
 * about to remove, and this panel posts the same intent again with `confirmed=1`. It is part of the
 * page, so it works without JavaScript.
 */
export function ConfirmPanel({
  question,
  intent,
  fields,
  confirmLabel,
  cancelTo,
}: {
  question: string
  intent: string
  fields: Record<string, string>
  confirmLabel: string
  cancelTo: string
}) {
  const { t } = useTranslation()
  return (
    <Alert tone="warning">
      <Form method="post" preventScrollReset data-testid="confirm-panel">
        <p>{question}</p>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <FormActions>
          <Button type="submit" name="intent" value={intent} variant="danger" autoFocus>
            {confirmLabel}
          </Button>
          <AppLink to={cancelTo} preventScrollReset>
            {t('action.cancel')}
          </AppLink>
        </FormActions>
      </Form>
    </Alert>
  )
}
