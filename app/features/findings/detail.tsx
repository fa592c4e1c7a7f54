import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema, M, versionField } from '#app/utils/validation.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { decisionNumber, findingNumber } from '#models/core/record-number.ts'
import { z } from 'zod'
import type { Route } from './+types/detail'
import { FINDING_COMPONENT, Findings } from './findings.server.ts'
import { LINK_KINDS, type LinkKind } from './states.ts'
import { acceptSchema, doneSchema } from './schema.ts'
import { FindingStateBadges } from './state-badge.tsx'

/** One finding: its facts, links, state actions (without JavaScript), the council's acceptance for admins, its history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.read)
  const service = Findings.for(access)
  const found = await service.get(params.id)
  if (!found) notFound(request)
  const id = found.finding.id
  const history = historyRequested(request) ? await History.for(access).of(FINDING_COMPONENT, id, await getLocale(request)) : null
  // The link forms' choices (every risk, process and visible measure of the fund: hundreds of options) come
  // only with `?link=1`, the link forms' own address, as on a KRI's page.
  const linking = service.rights.write && new URL(request.url).searchParams.get('link') === '1'
  return {
    found,
    today: todayInZurich(),
    mayWrite: service.rights.write,
    mayAccept: service.rights.accept,
    linkOptions: linking ? await service.linkOptions(id) : null,
    decisions: service.rights.accept ? await service.decisionChoices() : [],
    history,
    trail: trailLink(access, FINDING_COMPONENT, id),
  }
}

export const handle: TitleHandle = {
  title: (d: Route.ComponentProps['loaderData']) => `${findingNumber(d.found.finding.number)} ${d.found.finding.title}`,
}

const versionOnly = z.object({ version: versionField() })
const linkSchema = z.object({ kind: z.enum(LINK_KINDS, { error: M.invalid }), targetId: z.string({ error: M.required }).trim().min(1, M.required) })

/** A refusal of a small form (start, reopen, link, unlink, delete): its message above the page's cards. */
function refusal(error: unknown, request: Request) {
  if (!(error instanceof DomainError)) throw error
  if (error.code === 'not-found') notFound(request)
  if (error.code === 'forbidden') forbidden(request)
  const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
  return data({ error: message }, { status: error.code === 'invalid' ? 400 : 409 })
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.read)
  const service = Findings.for(access)
  // A foreign or unknown finding is 404 whatever the intent, before the right to change it.
  if (!(await service.get(params.id))) notFound(request)
  if (!service.rights.write) forbidden(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const here = `/app/findings/${params.id}`
  if (intent === 'done') {
    const submission = parseWithZod(form, { schema: doneSchema })
    if (submission.status !== 'success') return data({ doneResult: submission.reply() }, { status: 400 })
    try {
      await service.done(params.id, submission.value, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request, 'doneResult')
    }
    return redirectWithToast(here, 'saved')
  }
  if (intent === 'accept') {
    if (!service.rights.accept) forbidden(request)
    const submission = parseWithZod(form, { schema: acceptSchema })
    if (submission.status !== 'success') return data({ acceptResult: submission.reply() }, { status: 400 })
    const v = submission.value
    const missing: Record<string, string[]> = {}
    if (!v.decisionId) {
      if (!v.decidedOn) missing.decidedOn = [M.required]
      if (!v.reference) missing.reference = [M.required]
      if (!v.title) missing.title = [M.required]
    }
    if (Object.keys(missing).length) return data({ acceptResult: submission.reply({ fieldErrors: missing }) }, { status: 400 })
    const decision = v.decisionId
      ? { decisionId: v.decisionId }
      : { subject: 'findingAcceptance' as const, decidedOn: v.decidedOn as string, reference: v.reference, title: v.title }
    try {
      await service.accept(params.id, { decision, response: v.response }, v.version)
    } catch (error) {
      // Another fund's or an unknown decision is a wrong choice here, not a missing page.
      if (error instanceof DomainError && error.code === 'not-found' && error.field === 'decisionId')
        return data({ acceptResult: submission.reply({ fieldErrors: { decisionId: [M.invalid] } }) }, { status: 400 })
      return replyToDomainError(error, submission, request, 'acceptResult')
    }
    return redirectWithToast(here, 'saved')
  }
  try {
    if (intent === 'start' || intent === 'reopen') {
      const parsed = versionOnly.safeParse(Object.fromEntries(form))
      if (!parsed.success) return data({ error: M.invalid }, { status: 400 })
      await (intent === 'start' ? service.start(params.id, parsed.data.version) : service.reopen(params.id, parsed.data.version))
      return redirectWithToast(here, 'saved')
    }
    if (intent === 'link') {
      const parsed = linkSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return data({ error: 'findings:validation.linkTarget' }, { status: 400 })
      await service.link(params.id, parsed.data.kind as LinkKind, parsed.data.targetId)
      return redirectWithToast(here, 'saved')
    }
    if (intent === 'unlink') {
      await service.unlink(params.id, String(form.get('linkId') ?? ''))
      return redirectWithToast(here, 'deleted')
    }
    if (intent === 'delete') {
      const parsed = deleteSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return data({ error: M.invalid }, { status: 400 })
      await service.delete(params.id, parsed.data.version)
      return redirectWithToast('/app/findings', 'deleted')
    }
  } catch (error) {
    // An unknown link of this finding is not a missing page: the finding is there.
    if (intent === 'unlink' && error instanceof DomainError && error.code === 'not-found') return data({ error: M.invalid }, { status: 404 })
    return refusal(error, request)
  }
  return data({ error: M.invalid }, { status: 400 })
}

type ActionData = { error?: string; doneResult?: unknown; acceptResult?: unknown } | undefined

export default function FindingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mayWrite, mayAccept, linkOptions, decisions, today } = loaderData
  const f = found.finding
  const number = findingNumber(f.number)
  const result = actionData as ActionData
  const [doneForm, doneFields] = useForm({
    id: `finding-done-${f.id}-${f.version}`,
    lastResult: result?.doneResult as never,
    defaultValue: { doneOn: today, response: f.response },
  })
  const [acceptForm, acceptFields] = useForm({
    id: `finding-accept-${f.id}-${f.version}`,
    lastResult: result?.acceptResult as never,
    defaultValue: { decisionId: '', decidedOn: today, reference: '', title: '', response: f.response },
  })
  const unresolved = f.state === 'open' || f.state === 'inProgress'
  const linkLabel = (kind: LinkKind) => t(`findings:links.${kind}`)
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/findings">{t('findings:title')}</AppLink> › {number}
      </p>
      <div className={css.head}>
        <h1>
          {number} {f.title}
        </h1>
        <FindingStateBadges state={f.state} escalated={found.escalated} />
        {mayWrite && f.state !== 'accepted' ? (
          <LinkButton to={`/app/findings/${f.id}/edit`} variant="primary">
            {t('action.edit')}
          </LinkButton>
        ) : null}
      </div>
      {result?.error ? (
        <div data-testid="finding-error">
          <Alert tone="error">{t(result.error)}</Alert>
        </div>
      ) : null}
      <Card title={t('findings:section.facts')}>
        <dl data-testid="finding-facts">
          <Field label={t('findings:field.source')}>{t(`findings:source.${f.source}`)}</Field>
          <Field label={t('findings:field.reference')}>{f.reference || '—'}</Field>
          <Field label={t('findings:field.issuedOn')}>{formatDate(f.issuedOn)}</Field>
          <Field label={t('findings:field.text')}>{f.text ? <span style={{ whiteSpace: 'pre-line' }}>{f.text}</span> : '—'}</Field>
          <Field label={t('findings:field.severity')}>
            <Badge tone={f.severity === 'high' ? 'danger' : f.severity === 'medium' ? 'warning' : 'neutral'}>{t(`findings:severity.${f.severity}`)}</Badge>
          </Field>
          <Field label={t('findings:field.deadline')}>{formatDate(f.deadline) || '—'}</Field>
          <Field label={t('findings:field.owner')}>{found.ownerName ?? '—'}</Field>
          <Field label={t('findings:field.response')}>{f.response ? <span style={{ whiteSpace: 'pre-line' }}>{f.response}</span> : '—'}</Field>
          <Field label={t('findings:field.doneOn')}>{formatDate(f.doneOn) || '—'}</Field>
          {f.escalatedAt ? (
            <Field label={t('findings:field.escalatedAt')}>
              <span data-testid="finding-escalated-at">
                {t('findings:escalatedOn', { when: formatDateTime(f.escalatedAt), deadline: formatDate(f.escalatedFor) })}
              </span>
            </Field>
          ) : null}
          {found.decision ? (
            <Field label={t('findings:field.acceptance')}>
              <span data-testid="finding-decision">
                {decisionNumber(found.decision.number)} · {formatDate(found.decision.decidedOn)} · {found.decision.reference} · {found.decision.title}
              </span>
            </Field>
          ) : null}
        </dl>
      </Card>

      <section aria-labelledby="finding-links-title" data-testid="finding-links" id="finding-links">
        <Card title={<span id="finding-links-title">{t('findings:section.links')}</span>}>
          {found.links.length ? (
            <ul>
              {found.links.map((l) => (
                <li key={l.id} data-testid="finding-link-row">
                  {linkLabel(l.kind)}:{' '}
                  <AppLink to={l.kind === 'risk' ? `/app/risk/${l.targetId}` : l.kind === 'process' ? `/app/iks/${l.targetId}` : `/app/measures/${l.targetId}`}>
                    {l.key}
                    {l.title ? ` ${l.title}` : ''}
                  </AppLink>
                  {mayWrite ? (
                    <Form method="post" style={{ display: 'inline' }}>
                      <input type="hidden" name="intent" value="unlink" />
                      <input type="hidden" name="linkId" value={l.id} />{' '}
                      <Button type="submit" variant="secondary" aria-label={t('findings:links.removeNamed', { name: l.key })}>
                        {t('findings:links.remove')}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css.muted}>{t('findings:links.none')}</p>
          )}
          {mayWrite && !linkOptions ? (
            <p>
              <AppLink to="?link=1#finding-links" data-testid="finding-link-open" preventScrollReset>
                {t('findings:links.open')}
              </AppLink>
            </p>
          ) : null}
          {mayWrite && linkOptions
            ? LINK_KINDS.map((kind) =>
                linkOptions[kind].length ? (
                  <Form method="post" key={kind} data-testid={`finding-link-${kind}`}>
                    <input type="hidden" name="intent" value="link" />
                    <input type="hidden" name="kind" value={kind} />
                    <SelectField
                      label={t(`findings:links.add.${kind}`)}
                      name="targetId"
                      options={[{ value: '', label: t('findings:choose') }, ...linkOptions[kind].map((o) => ({ value: o.id, label: o.label }))]}
                    />
                    <Button type="submit" variant="secondary">
                      {t('findings:links.addButton')}
                    </Button>
                  </Form>
                ) : null,
              )
            : null}
        </Card>
      </section>

      {mayWrite && f.state !== 'accepted' ? (
        <Card title={t('findings:section.state')}>
          <div data-testid="finding-state-actions">
            {f.state === 'open' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <input type="hidden" name="version" value={f.version} />
                <Button type="submit" variant="secondary">
                  {t('findings:actions.start')}
                </Button>
              </Form>
            ) : null}
            {unresolved ? (
              <Form method="post" {...getFormProps(doneForm)} data-testid="finding-done">
                <h3>{t('findings:actions.doneTitle')}</h3>
                <FormErrors errors={doneForm.errors} />
                <input type="hidden" name="intent" value="done" />
                <input type="hidden" name="version" value={f.version} />
                <TextField
                  label={t('findings:field.doneOn')}
                  name="doneOn"
                  type="date"
                  defaultValue={doneFields.doneOn.initialValue as string | undefined}
                  errors={doneFields.doneOn.errors}
                  isRequired
                />
                <TextField
                  label={t('findings:field.response')}
                  name="response"
                  multiline
                  rows={4}
                  defaultValue={doneFields.response.initialValue as string | undefined}
                  errors={doneFields.response.errors}
                  description={t('findings:hint.response')}
                  isRequired
                />
                <FormActions>
                  <Button type="submit">{t('findings:actions.done')}</Button>
                </FormActions>
              </Form>
            ) : null}
            {f.state === 'done' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reopen" />
                <input type="hidden" name="version" value={f.version} />
                <Button type="submit" variant="secondary">
                  {t('findings:actions.reopen')}
                </Button>
              </Form>
            ) : null}
          </div>
        </Card>
      ) : null}

      {mayAccept && unresolved ? (
        <Card title={t('findings:accept.title')}>
          <p className={css.muted}>{t('findings:accept.intro')}</p>
          <Form method="post" {...getFormProps(acceptForm)} data-testid="finding-accept">
            <FormErrors errors={acceptForm.errors} />
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="version" value={f.version} />
            <SelectField
              label={t('findings:accept.decision')}
              name="decisionId"
              defaultValue={acceptFields.decisionId.initialValue as string | undefined}
              errors={acceptFields.decisionId.errors}
              options={[
                { value: '', label: t('findings:accept.newDecision') },
                ...decisions.map((d) => ({ value: d.id, label: `${decisionNumber(d.number)} · ${formatDate(d.decidedOn)} · ${d.reference} · ${d.title}` })),
              ]}
            />
            <fieldset>
              <legend>{t('findings:accept.newLegend')}</legend>
              <TextField
                label={t('findings:accept.decidedOn')}
                name="decidedOn"
                type="date"
                defaultValue={acceptFields.decidedOn.initialValue as string | undefined}
                errors={acceptFields.decidedOn.errors}
              />
              <TextField
                label={t('findings:accept.reference')}
                name="reference"
                defaultValue={acceptFields.reference.initialValue as string | undefined}
                errors={acceptFields.reference.errors}
                description={t('findings:accept.referenceHint')}
              />
              <TextField
                label={t('findings:accept.decisionTitle')}
                name="title"
                defaultValue={acceptFields.title.initialValue as string | undefined}
                errors={acceptFields.title.errors}
              />
            </fieldset>
            <TextField
              label={t('findings:accept.reason')}
              name="response"
              multiline
              rows={3}
              defaultValue={acceptFields.response.initialValue as string | undefined}
              errors={acceptFields.response.errors}
              isRequired
            />
            <FormActions>
              <Button type="submit">{t('findings:accept.submit')}</Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}

      {mayWrite && f.state === 'open' && !f.escalatedAt ? (
        <Card title={t('findings:section.delete')}>
          <details data-testid="finding-delete">
            <summary>{t('action.delete')}</summary>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={f.version} />
              <p className={css.muted}>{t('findings:deleteQuestion', { number })}</p>
              <Button type="submit" variant="danger">
                {t('findings:deleteConfirm', { number })}
              </Button>
            </Form>
          </details>
        </Card>
      ) : null}
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}
