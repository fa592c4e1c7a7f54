import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, SelectField } from '#app/ui/fields.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema, M } from '#app/utils/validation.ts'
import { DomainError } from '#models/core/errors.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/detail'
import { DECISION_COMPONENT, Decisions } from './decisions.server.ts'

/** One decision of the council: what was decided, its documents, what rests on it, its history; admins link documents or delete it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.read)
  const service = Decisions.for(access)
  const found = await service.get(params.id)
  if (!found) notFound(request)
  const id = found.decision.id
  const history = historyRequested(request) ? await History.for(access).of(DECISION_COMPONENT, id, await getLocale(request)) : null
  // The fund's documents to link (up to a thousand options) come only with `?link=1`, the form's own address.
  const linking = service.rights.write && new URL(request.url).searchParams.get('link') === '1'
  return {
    found,
    mayWrite: service.rights.write,
    linking,
    documentOptions: linking ? await service.documentOptions(id) : [],
    history,
    trail: trailLink(access, DECISION_COMPONENT, id),
  }
}

export const handle: TitleHandle = {
  title: (d: Route.ComponentProps['loaderData']) => `${decisionNumber(d.found.decision.number)} ${d.found.decision.title}`,
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // As the page answers: an unknown decision is 404 for every reader, before the right to change it.
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.read)
  const service = Decisions.for(access)
  if (!(await service.get(params.id))) notFound(request)
  if (!service.rights.write) forbidden(request)
  const here = `/app/decisions/${params.id}`
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'linkDocument') {
      await service.linkDocument(params.id, String(form.get('documentId') ?? ''))
      return redirectWithToast(here, 'saved')
    }
    if (intent === 'unlinkDocument') {
      await service.unlinkDocument(params.id, String(form.get('documentId') ?? ''))
      return redirectWithToast(here, 'saved')
    }
    if (intent === 'delete') {
      const submission = parseWithZod(form, { schema: deleteSchema })
      if (submission.status !== 'success') return data({ error: M.invalid }, { status: 400 })
      await service.remove(params.id, submission.value.version)
      return redirectWithToast('/app/decisions', 'deleted')
    }
    return data({ error: M.invalid }, { status: 400 })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found' && !error.field) notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    const message = error.code === 'not-found' ? M.invalid : error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    return data({ error: message }, { status: error.code === 'invalid' || error.code === 'not-found' ? 400 : 409 })
  }
}

export default function DecisionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mayWrite } = loaderData
  const d = found.decision
  const number = decisionNumber(d.number)
  const refusal = (actionData as { error?: string } | undefined)?.error ?? null
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/decisions">{t('decisions:list.title')}</AppLink> › {number}
      </p>
      <div className={css.head}>
        <h1 data-testid="decision-title">
          {number} {d.title}
        </h1>
        <Badge tone="neutral">{t(`decisions:subject.${d.subject}`)}</Badge>
        {mayWrite ? (
          <LinkButton to={`/app/decisions/${d.id}/edit`} variant="primary" data-testid="decision-edit">
            {t('action.edit')}
          </LinkButton>
        ) : null}
      </div>
      {refusal ? (
        <div data-testid="decision-error">
          <Alert tone="error">{t(refusal)}</Alert>
        </div>
      ) : null}
      <Card title={t('decisions:detail.facts')}>
        <dl data-testid="decision-facts">
          <Field label={t('decisions:field.decidedOn')}>{formatDate(d.decidedOn)}</Field>
          <Field label={t('decisions:field.reference')}>{d.reference}</Field>
          <Field label={t('decisions:field.decidedBy')}>{d.decidedBy || '—'}</Field>
          <Field label={t('decisions:field.text')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{d.text || '—'}</span>
          </Field>
        </dl>
      </Card>
      <section data-testid="decision-documents" id="decision-documents" aria-labelledby="decision-documents-title">
        <Card title={<span id="decision-documents-title">{t('decisions:field.documents')}</span>}>
          {found.documents.length ? (
            <ul>
              {found.documents.map((doc) => (
                <li key={doc.id} data-testid="decision-document">
                  <AppLink to={`/app/docs/${doc.id}`}>{doc.name}</AppLink>
                  {doc.link ? (
                    <>
                      {' '}
                      ·{' '}
                      <a href={doc.link} rel="noreferrer noopener" target="_blank">
                        {doc.linkText || doc.link}
                      </a>
                    </>
                  ) : null}
                  {mayWrite ? (
                    <Form method="post" style={{ display: 'inline' }}>
                      <input type="hidden" name="intent" value="unlinkDocument" />
                      <input type="hidden" name="documentId" value={doc.id} />{' '}
                      <Button type="submit" variant="secondary" aria-label={t('decisions:detail.unlinkNamed', { name: doc.name })}>
                        {t('decisions:detail.unlink')}
                      </Button>
                    </Form>
                  ) : null}
                  {doc.files.length ? <FileList files={doc.files} testId="decision-document-files" /> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css.muted}>{t('decisions:detail.noDocuments')}</p>
          )}
          {found.hiddenDocuments ? <p className={css.muted}>{t('decisions:detail.hiddenDocuments', { count: found.hiddenDocuments })}</p> : null}
          {mayWrite && !loaderData.linking ? (
            <p>
              <AppLink to="?link=1#decision-documents" data-testid="decision-link-open" preventScrollReset>
                {t('decisions:detail.linkOpen')}
              </AppLink>
            </p>
          ) : null}
          {mayWrite && loaderData.documentOptions.length ? (
            <Form method="post" data-testid="decision-link-document">
              <input type="hidden" name="intent" value="linkDocument" />
              <SelectField
                label={t('decisions:detail.document')}
                name="documentId"
                options={loaderData.documentOptions.map((o) => ({ value: o.id, label: o.name }))}
              />
              <Button type="submit">{t('decisions:detail.link')}</Button>
            </Form>
          ) : null}
        </Card>
      </section>
      <section data-testid="decision-uses" aria-labelledby="decision-uses-title">
        <Card title={<span id="decision-uses-title">{t('decisions:detail.usedBy')}</span>}>
          {found.uses.length ? (
            <ul>
              {found.uses.map((u) => (
                <li key={`${u.kind}-${u.href}-${u.label}-${u.date}`} data-testid="decision-use">
                  <AppLink to={u.href}>{t(`decisions:use.${u.kind}`, { label: u.label })}</AppLink>
                  {u.date ? <span className={css.muted}> · {formatDate(u.date)}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css.muted}>{t('decisions:detail.unused')}</p>
          )}
        </Card>
      </section>
      {mayWrite ? (
        <Card title={t('decisions:detail.delete')}>
          {found.uses.length ? (
            <p className={css.muted}>{t('decisions:errors.linked')}</p>
          ) : (
            <details data-testid="decision-delete">
              <summary>{t('action.delete')}</summary>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="version" value={d.version} />
                <p className={css.muted}>{t('decisions:detail.deleteQuestion', { number })}</p>
                <Button type="submit" variant="danger">
                  {t('decisions:detail.deleteConfirm', { number })}
                </Button>
              </Form>
            </details>
          )}
        </Card>
      ) : null}
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}
