import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { getLocale, serializeLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import type { SubmissionResult } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { PublicShell } from '#app/ui/shell.tsx'
import { DomainError } from '#models/core/errors.ts'
import type { TokenRefusal } from '../tokens.server.ts'
import type { Route } from './+types/link'
import { DeclarationForm, DeclarationSummary } from './declaration-form.tsx'
import { DeclarationLink } from './declarations.server.ts'
import { declarationSchema } from './schema.ts'
import { type DeclarationValues, declarationNumber, draftOf, isRowIntent, valuesOf, withRowAdded } from './values.ts'

/**
 * The personal link's page (issue 26): a person without an account answers their own declaration,
 * outside the app's shell and without a session. In the person's language (switchable), with the
 * fund's and the person's name, the form, and after signing a read-only summary. A refused link gets a
 * clear page: 404 unknown, 410 revoked, expired or closed, 409 already signed (the summary beside it;
 * right after the signature, the thank-you). Never cached; the site's Referrer-Policy (same-origin) keeps the
 * token in the address from ever leaving in a Referer to another site.
 */

const LINK_HEADERS = { 'Cache-Control': 'no-store' }

export function headers() {
  return LINK_HEADERS
}

const STATUS: Record<TokenRefusal, number> = { unknown: 404, expired: 410, revoked: 410, closed: 410 }

function refused(reason: TokenRefusal | 'signed', title: string) {
  return data({ refused: reason, view: null, title } as const, { status: reason === 'signed' ? 409 : STATUS[reason], headers: LINK_HEADERS })
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const t = getFixedT(await getLocale(request))
  const title = t('loyalty:link.title')
  const outcome = await DeclarationLink.view(params.token)
  if (!outcome.ok) return refused(outcome.reason, title)
  const url = new URL(request.url)
  // The first visit opens in the person's language (once: the switcher decides after).
  const chosen = /(?:^|;\s*)lng=/.test(request.headers.get('Cookie') ?? '')
  if (!chosen && !url.searchParams.has('lng') && !url.searchParams.has('first')) {
    throw redirect(`${url.pathname}?first=1`, {
      headers: { 'Set-Cookie': await serializeLocale(outcome.value.language, request), ...LINK_HEADERS },
    })
  }
  const v = outcome.value
  // Signed: the thank-you right after the signature; the link used again later answers 409 with the summary.
  const reused = v.declaration.state !== 'requested' && !url.searchParams.has('signed')
  return data(
    {
      refused: null,
      title,
      saved: url.searchParams.has('saved'),
      reused,
      view: {
        number: v.declaration.number,
        fundName: v.fundName,
        personName: v.declaration.personName,
        year: v.year,
        dueDate: v.dueDate,
        state: v.declaration.state,
        signedAt: v.declaration.signedAt,
        signedName: v.declaration.signedName,
        declaration: {
          interests: v.declaration.interests,
          advantages: v.declaration.advantages,
          noInterests: v.declaration.noInterests,
          advantagesConfirmed: v.declaration.advantagesConfirmed,
          ownAccountConfirmed: v.declaration.ownAccountConfirmed,
          remarks: v.declaration.remarks,
          signedName: v.declaration.signedName,
        },
      },
    } as const,
    { status: reused ? 409 : 200, headers: LINK_HEADERS },
  )
}

export const handle: TitleHandle = { title: (d: { title: string }) => d.title }

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const intent = formData.get('intent')
  const here = new URL(request.url).pathname
  // The link first: an unknown, expired or closed one gets its page, whatever the form holds.
  const outcome = await DeclarationLink.view(params.token)
  if (!outcome.ok) return refused(outcome.reason, '')
  if (isRowIntent(intent)) return data({ draft: withRowAdded(draftOf(formData), intent) }, { headers: LINK_HEADERS })
  const submission = parseWithZod(formData, { schema: declarationSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), draft: draftOf(formData) }, { status: 400, headers: LINK_HEADERS })
  const { intent: what, signedName, ...input } = submission.value
  try {
    const outcome = what === 'sign' ? await DeclarationLink.sign(params.token, input, signedName) : await DeclarationLink.saveDraft(params.token, input)
    if (!outcome.ok) return refused(outcome.reason, '')
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'conflict' && error.messageKey === 'loyalty:declare.frozen') return refused('signed', '')
    if (error.code === 'conflict') return refused('closed', '')
    if (error.code === 'not-found') return refused('unknown', '')
    const field = error.field ?? ''
    const message = error.messageKey ?? 'validation.invalid'
    return data(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), draft: draftOf(formData) },
      { status: 400, headers: LINK_HEADERS },
    )
  }
  throw redirect(what === 'sign' ? `${here}?first=1&signed=1` : `${here}?first=1&saved=1`, { headers: LINK_HEADERS })
}

type ActionData = { result?: SubmissionResult<string[]>; draft?: DeclarationValues; refused?: TokenRefusal | 'signed' } | undefined

export default function DeclarationLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const answer = actionData as ActionData
  const refusal = answer?.refused ?? loaderData.refused
  const v = loaderData.view
  if (refusal || !v) {
    return (
      <PublicShell>
        <Card title={t('loyalty:link.title')} level={1}>
          <div data-testid="link-refused" data-reason={refusal ?? 'unknown'}>
            <Alert tone={refusal === 'signed' ? 'info' : 'error'}>{t(`loyalty:link.refused.${refusal ?? 'unknown'}`)}</Alert>
          </div>
          <p>{t('loyalty:link.refusedHelp')}</p>
        </Card>
      </PublicShell>
    )
  }
  const saved = 'saved' in loaderData && loaderData.saved
  return (
    <PublicShell wide>
      <Card title={t('loyalty:link.heading', { year: v.year })} level={1}>
        <p data-testid="link-fund">
          <strong>{v.fundName}</strong> · {declarationNumber(v.number)}
        </p>
        <p data-testid="link-person">{t('loyalty:link.for', { name: v.personName })}</p>
        {v.state === 'requested' ? (
          <>
            <p>{t('loyalty:link.intro', { date: formatDate(v.dueDate) })}</p>
            {saved ? <Alert tone="success">{t('loyalty:link.saved')}</Alert> : null}
            <DeclarationForm
              mode="person"
              personName={v.personName}
              values={answer?.draft ?? valuesOf(v.declaration)}
              lastResult={answer?.result ?? null}
              testId="link-form"
            />
          </>
        ) : (
          <div data-testid="link-thanks">
            {'reused' in loaderData && loaderData.reused ? (
              <Alert tone="info">{t('loyalty:link.refused.signed')}</Alert>
            ) : (
              <Alert tone="success">
                {t('loyalty:link.thanks', { name: v.signedName, at: v.signedAt ? formatDateTime(v.signedAt, i18n.language as 'de') : '' })}
              </Alert>
            )}
            <DeclarationSummary d={v.declaration} />
          </div>
        )}
      </Card>
    </PublicShell>
  )
}
