import { AppLink } from './app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import * as css from './stepper.css.ts'
import { Button, LinkButton } from './button.tsx'
import { FormActions } from './card.tsx'
import { Alert } from './fields.tsx'

/** The steps of a record (risk, ICS process) as links: every step is its own URL. */
export function StepNav({
  label,
  steps,
  current,
  blockLabel,
}: {
  label: string
  steps: readonly string[]
  current: string
  blockLabel: (step: string) => string
}) {
  return (
    <nav aria-label={label} className={css.stepper}>
      <ol>
        {steps.map((s, i) => (
          <li key={s}>
            <AppLink to={`?step=${s}`} aria-current={s === current ? 'step' : undefined} className={css.stepLink}>
              <span className={css.stepNumber}>{i + 1}</span> {blockLabel(s)}
            </AppLink>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** Back and Next below a step. */
export function StepPager({ steps, current }: { steps: readonly string[]; current: string }) {
  const { t } = useTranslation()
  const index = steps.indexOf(current)
  const prev = steps[index - 1]
  const next = steps[index + 1]
  return (
    <nav className={css.pager} aria-label={t('risk:stepper.pager')}>
      {prev ? (
        <LinkButton to={`?step=${prev}`} variant="secondary" rel="prev">
          ← {t('risk:stepper.back')}
        </LinkButton>
      ) : (
        <span />
      )}
      {next ? (
        <LinkButton to={`?step=${next}`} variant="primary" rel="next">
          {t('risk:stepper.next')} →
        </LinkButton>
      ) : null}
    </nav>
  )
}

type LockInfo = { block: string; userName: string; mine: boolean; until?: string } | null

/** A refused block edit, and who edits which block right now. */
export function BlockNotices({
  blockError,
  lock,
  current,
  blockLabel,
}: {
  blockError: { blockError: string; holder: string | null } | null
  lock: LockInfo
  current: string
  blockLabel: (step: string) => string
}) {
  const { t } = useTranslation()
  return (
    <>
      {blockError ? (
        <Alert tone="error">
          {t(blockError.blockError)}
          {blockError.holder ? ` ${t('risk:lock.heldBy', { name: blockError.holder })}` : ''}
        </Alert>
      ) : null}
      {lock && !lock.mine ? (
        <Alert tone="warning">
          {lock.until
            ? t('risk:lock.other', { name: lock.userName, block: blockLabel(lock.block), time: lock.until })
            : t('risk:lock.otherOpen', { name: lock.userName, block: blockLabel(lock.block) })}
        </Alert>
      ) : null}
      {lock?.mine && lock.block !== current ? (
        <Alert tone="info">
          {t('risk:lock.mine', { block: blockLabel(lock.block) })} <AppLink to={`?step=${lock.block}`}>{t('risk:lock.goThere')}</AppLink>
        </Alert>
      ) : null}
    </>
  )
}

/** Opens the block for editing (takes the lock on the server). */
export function EditBlockButton({ block }: { block: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" className={css.editBar}>
      <input type="hidden" name="block" value={block} />
      <Button type="submit" name="intent" value="edit" variant="secondary">
        {t('action.edit')}
      </Button>
    </Form>
  )
}

/** Save, or cancel (which only releases the lock). */
export function BlockFormActions() {
  const { t } = useTranslation()
  return (
    <FormActions>
      <Button type="submit" name="intent" value="save">
        {t('action.save')}
      </Button>
      <Button type="submit" name="intent" value="cancel" variant="secondary">
        {t('action.cancel')}
      </Button>
    </FormActions>
  )
}
