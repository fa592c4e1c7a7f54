import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import { AppLink } from './app-link.tsx'
import { SelectField, TextField } from './fields.tsx'
import * as listCss from './list-page.css.ts'
import * as css from './register.css.ts'

/** A decision a select offers (models/core/decisions.server.ts decisionOptions). */
export type DecisionOption = { id: string; number: number; decidedOn: string; reference: string; title: string }

type FieldErrors = Partial<Record<'decisionId' | 'decidedOn' | 'decisionReference' | 'decisionTitle' | 'decidedBy', { errors?: string[] } | undefined>>

/**
 * The council decision of an approval, the same in every area (issue 28): a decision of the register
 * chosen in the select, or a new one recorded with the approval (date, minutes and item, title, who
 * decided). Plain fields: posted without JavaScript too; the server judges them (app/utils/decision-schema.ts).
 */
export function DecisionFields({
  options,
  fields,
  defaults = {},
  withDecidedBy = true,
}: {
  /** False where the form names who decided in a field of its own. */
  withDecidedBy?: boolean
  options: DecisionOption[]
  fields: FieldErrors
  defaults?: Partial<Record<'decisionId' | 'decidedOn' | 'decisionReference' | 'decisionTitle' | 'decidedBy', string>>
}) {
  const { t } = useTranslation()
  return (
    <fieldset data-testid="decision-fields">
      <legend>{t('decisions:approval.legend')}</legend>
      <SelectField
        label={t('decisions:approval.recorded')}
        name="decisionId"
        defaultValue={defaults.decisionId ?? ''}
        errors={fields.decisionId?.errors}
        options={[
          { value: '', label: t('decisions:approval.recordNew') },
          ...options.map((d) => ({ value: d.id, label: `${decisionNumber(d.number)} · ${formatDate(d.decidedOn)} · ${d.reference} · ${d.title}` })),
        ]}
      />
      <p className={css.muted}>{t('decisions:approval.orNew')}</p>
      <div className={listCss.grid2}>
        <TextField label={t('decisions:field.decidedOn')} name="decidedOn" type="date" defaultValue={defaults.decidedOn} errors={fields.decidedOn?.errors} />
        <TextField
          label={t('decisions:field.reference')}
          name="decisionReference"
          defaultValue={defaults.decisionReference}
          errors={fields.decisionReference?.errors}
          description={t('decisions:hint.reference')}
        />
      </div>
      <div className={listCss.grid2}>
        <TextField label={t('decisions:field.title')} name="decisionTitle" defaultValue={defaults.decisionTitle} errors={fields.decisionTitle?.errors} />
        {withDecidedBy ? (
          <TextField
            label={t('decisions:field.decidedBy')}
            name="decidedBy"
            defaultValue={defaults.decidedBy}
            errors={fields.decidedBy?.errors}
            description={t('decisions:hint.decidedBy')}
          />
        ) : null}
      </div>
    </fieldset>
  )
}

/** A decision cited as a link "SB-7" to its page in the register; a dash without one. */
export function DecisionLink({ decision }: { decision: { id: string; number: number } | null | undefined }) {
  if (!decision) return <>—</>
  return (
    <AppLink to={`/app/decisions/${decision.id}`} data-testid="decision-link">
      {decisionNumber(decision.number)}
    </AppLink>
  )
}
