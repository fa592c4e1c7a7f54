import { Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FileField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import type { SubmissionResult } from '#app/ui/form.ts'
import * as listCss from '#app/ui/list-page.css.ts'
import * as css from '#app/ui/register.css.ts'
import * as formCss from './declaration-form.css.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { INTEREST_KINDS } from '#models/core/constants.ts'
import type { DeclarationValues } from './values.ts'
import { formatAmount } from '#models/core/amount.ts'

/*
 * The declaration's form (issue 26), the same in the app and on the personal link's page, and, with
 * the day signed and the scan, for a paper declaration an admin records. Interests and advantages are
 * repeatable rows: "add a row" is a submit button (its intent) the server answers with the form as
 * typed and one row more, so it works without JavaScript, and with it alike.
 */

type Errors = Record<string, string[] | null | undefined>

export type DeclarationFormProps = {
  /** The form's values: saved, or as posted (one row more after "add a row"). */
  values: DeclarationValues
  /** The server's answer to the last post (its messages per field). */
  lastResult?: SubmissionResult<string[]> | null
  /** 'person': save a draft or sign; 'paper': an admin records a signed paper with its scan. */
  mode: 'person' | 'paper'
  /** The person's name (the signature's hint). */
  personName: string
  /** The scan's message (a refused file) and the upload limit in MB, for the paper form. */
  fileError?: string | null
  limitMb?: string
  testId?: string
}

export function DeclarationForm({ values, lastResult, mode, personName, fileError, limitMb, testId = 'declaration-form' }: DeclarationFormProps) {
  const { t } = useTranslation()
  const errors: Errors = lastResult?.error ?? {}
  const err = (name: string) => errors[name] ?? undefined
  const interests = values.interests.length ? values.interests : [{ kind: '', organisation: '', description: '' }]
  const advantages = values.advantages.length ? values.advantages : [{ description: '', amount: '', handedOverTo: '' }]
  const paper = mode === 'paper'
  const kinds = [{ value: '', label: '—' }, ...INTEREST_KINDS.map((k) => ({ value: k, label: t(`loyalty:interestKinds.${k}`) }))]
  return (
    <Form
      method="post"
      // The rows and defaults change with "add a row": the form is drawn afresh with the posted values.
      key={`${interests.length}-${advantages.length}-${JSON.stringify(values).length}`}
      encType={paper ? 'multipart/form-data' : undefined}
      noValidate
      data-testid={testId}
    >
      {/* The form's default button, first in order: Enter in a field saves (or records the paper), never adds a row or signs. */}
      <button type="submit" name="intent" value={paper ? 'paper' : 'save'} hidden tabIndex={-1} aria-hidden="true" />
      <FormErrors errors={errors[''] ?? undefined} />
      <fieldset className={formCss.group}>
        <legend>
          <strong>{t('loyalty:declare.interests')}</strong>
        </legend>
        <p className={css.muted}>{t('loyalty:declare.interestsHint')}</p>
        {interests.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its name in the form
          <div key={i} className={listCss.grid2} data-testid="interest-row">
            <SelectField
              label={t('loyalty:declare.interest.kind', { n: i + 1 })}
              name={`interests[${i}].kind`}
              defaultValue={r.kind}
              options={kinds}
              errors={err(`interests[${i}].kind`)}
            />
            <TextField
              label={t('loyalty:declare.interest.organisation', { n: i + 1 })}
              name={`interests[${i}].organisation`}
              defaultValue={r.organisation}
              errors={err(`interests[${i}].organisation`)}
            />
            <TextField
              label={t('loyalty:declare.interest.description', { n: i + 1 })}
              name={`interests[${i}].description`}
              defaultValue={r.description}
              errors={err(`interests[${i}].description`)}
            />
          </div>
        ))}
        <Button type="submit" name="intent" value="addInterest" variant="secondary">
          {t('loyalty:declare.addInterest')}
        </Button>
        <CheckboxField label={t('loyalty:declare.noInterests')} name="noInterests" defaultChecked={values.noInterests} errors={err('noInterests')} />
      </fieldset>
      <fieldset className={formCss.group}>
        <legend>
          <strong>{t('loyalty:declare.advantages')}</strong>
        </legend>
        <p className={css.muted}>{t('loyalty:declare.advantagesHint')}</p>
        {advantages.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its name in the form
          <div key={i} className={listCss.grid2} data-testid="advantage-row">
            <TextField
              label={t('loyalty:declare.advantage.description', { n: i + 1 })}
              name={`advantages[${i}].description`}
              defaultValue={r.description}
              errors={err(`advantages[${i}].description`)}
            />
            <TextField
              label={t('loyalty:declare.advantage.amount', { n: i + 1 })}
              name={`advantages[${i}].amount`}
              defaultValue={r.amount}
              inputMode="text"
              errors={err(`advantages[${i}].amount`)}
            />
            <TextField
              label={t('loyalty:declare.advantage.handedOverTo', { n: i + 1 })}
              name={`advantages[${i}].handedOverTo`}
              defaultValue={r.handedOverTo}
              errors={err(`advantages[${i}].handedOverTo`)}
            />
          </div>
        ))}
        <Button type="submit" name="intent" value="addAdvantage" variant="secondary">
          {t('loyalty:declare.addAdvantage')}
        </Button>
        <CheckboxField
          label={t('loyalty:declare.advantagesConfirmed')}
          name="advantagesConfirmed"
          defaultChecked={values.advantagesConfirmed}
          errors={err('advantagesConfirmed')}
        />
      </fieldset>
      <CheckboxField
        label={t('loyalty:declare.ownAccountConfirmed')}
        name="ownAccountConfirmed"
        defaultChecked={values.ownAccountConfirmed}
        errors={err('ownAccountConfirmed')}
      />
      <TextField label={t('loyalty:declare.remarks')} name="remarks" multiline rows={3} defaultValue={values.remarks} errors={err('remarks')} />
      <TextField
        label={paper ? t('loyalty:declare.signedNamePaper') : t('loyalty:declare.signedName')}
        name="signedName"
        defaultValue={values.signedName}
        errors={err('signedName')}
        description={paper ? undefined : t('loyalty:declare.signedNameHint', { name: personName })}
        autoComplete="name"
      />
      {paper ? (
        <>
          <TextField
            label={t('loyalty:declare.signedOn')}
            name="signedOn"
            type="date"
            defaultValue={values.signedOn}
            errors={err('signedOn')}
            description={t('measures.dateHint')}
          />
          {/* The file last: the server reads the fields before it. */}
          <FileField
            label={t('loyalty:declare.scan')}
            name="scan"
            accept={FILE_ACCEPT}
            errors={fileError ? [fileError] : (err('scan') ?? undefined)}
            values={{ limit: limitMb ?? '' }}
            description={t('files:allowed', { limit: limitMb ?? '' })}
          />
        </>
      ) : null}
      <FormActions>
        {paper ? (
          <Button type="submit" name="intent" value="paper">
            {t('loyalty:declare.recordPaper')}
          </Button>
        ) : (
          <>
            <Button type="submit" name="intent" value="sign">
              {t('loyalty:declare.sign')}
            </Button>
            <Button type="submit" name="intent" value="save" variant="secondary">
              {t('loyalty:declare.save')}
            </Button>
          </>
        )}
      </FormActions>
    </Form>
  )
}

/** A signed declaration, read only: interests, advantages, the confirmations, remarks. */
export function DeclarationSummary({
  d,
}: {
  d: {
    interests: { kind: string; organisation: string; description: string }[]
    advantages: { description: string; amount: string; handedOverTo: string }[]
    noInterests: boolean
    advantagesConfirmed: boolean
    ownAccountConfirmed: boolean
    remarks: string
  }
}) {
  const { t } = useTranslation()
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  return (
    <div data-testid="declaration-summary">
      <h3>{t('loyalty:declare.interests')}</h3>
      {d.interests.length ? (
        <ul>
          {d.interests.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows may repeat; their place is their identity
            <li key={i}>
              {t(`loyalty:interestKinds.${r.kind}`)}: {[r.organisation, r.description].filter(Boolean).join(' – ')}
            </li>
          ))}
        </ul>
      ) : (
        <p>{d.noInterests ? t('loyalty:declare.noInterests') : '—'}</p>
      )}
      <h3>{t('loyalty:declare.advantages')}</h3>
      {d.advantages.length ? (
        <ul>
          {d.advantages.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows may repeat; their place is their identity
            <li key={i}>
              {r.description}: CHF {formatAmount(r.amount)} → {r.handedOverTo}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('loyalty:declare.noAdvantages')}</p>
      )}
      <dl>
        <dt>{t('loyalty:declare.advantagesConfirmed')}</dt>
        <dd>{yesNo(d.advantagesConfirmed)}</dd>
        <dt>{t('loyalty:declare.ownAccountConfirmed')}</dt>
        <dd>{yesNo(d.ownAccountConfirmed)}</dd>
        <dt>{t('loyalty:declare.remarks')}</dt>
        <dd>{d.remarks || '—'}</dd>
      </dl>
    </div>
  )
}
