import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { ConfirmPanel } from '#app/ui/confirm-panel.tsx'
import { Alert, SelectField, TextField } from '#app/ui/fields.tsx'
import { notFound, requirePermission } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { DomainError } from '#models/core/errors.ts'
import { formatDate, parseDate } from '#models/core/dates.ts'
import {
  type DeputyState,
  addDeputy,
  listDeputyCandidates,
  listMyDeputies,
  listMyPrincipals,
  removeDeputy,
  setDeputyActive,
} from '#app/features/account/deputies.server.ts'
import type { Route } from './+types/deputy-selector'
import * as css from './account.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), deputyUserId: z.uuid({ error: M.required }), startsOn: z.string().optional(), endsOn: z.string().optional() }),
  z.object({ intent: z.literal('activate'), id: z.uuid() }),
  z.object({ intent: z.literal('deactivate'), id: z.uuid() }),
  z.object({ intent: z.literal('remove'), id: z.uuid(), confirmed: z.literal('1').optional() }),
])

export async function loader({ request, context }: Route.LoaderArgs) {
  // SPEC.md §6: super admins do not load the deputies list (the permission table's deputies flag).
  const { access } = await requirePermission({ request, context }, (p) => p.deputies)
  const [deputies, principals, candidates] = await Promise.all([listMyDeputies(access), listMyPrincipals(access), listDeputyCandidates(access)])
  const taken = new Set(deputies.map((d) => d.user.id))
  return {
    deputies,
    principals,
    candidates: candidates.filter((c) => !taken.has(c.id)),
    actingForId: access.actingFor?.id ?? null,
    ownPermId: access.actingFor ? null : access.permId,
  }
}

export const handle: TitleHandle = { title: 'account:dselector.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.deputies)
  const form = Object.fromEntries(await request.formData())
  const parsed = actionSchema.safeParse(form)
  if (!parsed.success) {
    if (form.intent === 'add') return data({ error: M.required }, { status: 400 })
    notFound(request)
  }
  const value = parsed.data
  let outcome: Awaited<ReturnType<typeof removeDeputy>> | 'exists' | undefined
  switch (value.intent) {
    case 'add': {
      // Optional dates (issue 12): empty means from now on, without end; a date the field cannot read is a 400.
      const day = (v: string | undefined) => (v?.trim() ? parseDate(v) : null)
      const startsOn = day(value.startsOn)
      const endsOn = day(value.endsOn)
      if ((value.startsOn?.trim() && !startsOn) || (value.endsOn?.trim() && !endsOn)) return data({ error: M.invalid }, { status: 400 })
      try {
        outcome = await addDeputy(access, value.deputyUserId, { startsOn, endsOn })
      } catch (error) {
        if (error instanceof DomainError && error.code === 'invalid') return data({ error: error.messageKey ?? M.invalid }, { status: 400 })
        throw error
      }
      if (outcome === 'exists') return data({ error: 'account:dselector.exists' }, { status: 400 })
      break
    }
    case 'activate':
    case 'deactivate':
      outcome = await setDeputyActive(access, value.id, value.intent === 'activate')
      break
    case 'remove': {
      // Asks first: the page names the deputy, and only the confirmed POST removes.
      if (!value.confirmed) {
        const deputy = (await listMyDeputies(access)).find((d) => d.id === value.id)
        if (!deputy) notFound(request)
        return data({ confirmRemove: { id: deputy.id, name: `${deputy.user.firstName} ${deputy.user.lastName}` } })
      }
      outcome = await removeDeputy(access, value.id)
      break
    }
  }
  if (outcome === 'not-found') notFound(request)
  return redirectWithToast('/app/user/dselector', value.intent === 'add' ? 'added' : value.intent === 'remove' ? 'deleted' : 'saved')
}

export default function DeputyManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { deputies, principals, candidates, actingForId } = loaderData
  const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`
  const state = (s: DeputyState) =>
    s.state === 'planned'
      ? t('account:dselector.planned', { date: formatDate(s.from) })
      : s.state === 'ended'
        ? t('account:dselector.ended', { date: formatDate(s.on) })
        : t(`account:dselector.${s.state}`)
  const period = (d: { startsOn: string | null; endsOn: string | null }) =>
    d.startsOn || d.endsOn ? t('account:dselector.periodOf', { from: formatDate(d.startsOn) || '…', to: formatDate(d.endsOn) || '…' }) : '—'
  return (
    <>
      <h1>{t('account:dselector.title')}</h1>
      <Card title={t('account:dselector.mine')}>
        <p>{t('account:dselector.mineIntro')}</p>
        {actionData && 'confirmRemove' in actionData ? (
          <ConfirmPanel
            question={t('account:dselector.confirmRemove', { name: actionData.confirmRemove.name })}
            intent="remove"
            fields={{ id: actionData.confirmRemove.id }}
            confirmLabel={t('action.remove')}
            cancelTo="/app/user/dselector"
          />
        ) : null}
        {deputies.length === 0 ? (
          <p>{t('table.empty')}</p>
        ) : (
          <ScrollArea label={t('account:dselector.mine')}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th scope="col">{t('field.name')}</th>
                  <th scope="col">{t('field.email')}</th>
                  <th scope="col">{t('account:dselector.period')}</th>
                  <th scope="col">{t('account:dselector.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('table.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deputies.map((d) => (
                  <tr key={d.id}>
                    <td>{name(d.user)}</td>
                    <td>{d.user.email}</td>
                    <td>{period(d)}</td>
                    <td>{state(d.shown)}</td>
                    <td>
                      <Form method="post" style={{ display: 'flex', gap: 8 }}>
                        <input type="hidden" name="id" value={d.id} />
                        <Button type="submit" name="intent" value={d.active ? 'deactivate' : 'activate'} variant="secondary">
                          {d.active ? t('account:dselector.deactivate') : t('account:dselector.activate')}
                        </Button>
                        <Button type="submit" name="intent" value="remove" variant="ghost" aria-label={`${t('action.remove')}: ${name(d.user)}`}>
                          {t('action.remove')}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
        {candidates.length > 0 ? (
          <Form method="post" style={{ marginTop: 16 }}>
            {actionData && 'error' in actionData ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
            <SelectField
              label={t('account:dselector.add')}
              name="deputyUserId"
              options={[{ value: '', label: '—' }, ...candidates.map((c) => ({ value: c.id, label: `${name(c)} (${c.email})` }))]}
            />
            <TextField label={t('account:dselector.startsOn')} name="startsOn" type="date" description={t('account:dselector.datesHint')} />
            <TextField label={t('account:dselector.endsOn')} name="endsOn" type="date" />
            <Button type="submit" name="intent" value="add">
              {t('action.add')}
            </Button>
          </Form>
        ) : null}
      </Card>
      <Card title={t('account:dselector.theirs')}>
        {principals.length === 0 ? (
          <p>{t('table.empty')}</p>
        ) : (
          <ul>
            {principals.map((p) => (
              <li key={p.id} style={{ marginBottom: 8 }}>
                {name(p.user)} — {state(p.shown)}
                {p.startsOn || p.endsOn ? ` (${period(p)})` : null}{' '}
                {p.current && actingForId !== p.user.id ? (
                  <Form method="post" action="/app/user/cselector" style={{ display: 'inline' }}>
                    <input type="hidden" name="permId" value={p.permId} />
                    <Button type="submit" variant="secondary">
                      {t('account:dselector.actAs', { name: name(p.user) })}
                    </Button>
                  </Form>
                ) : null}
                {actingForId === p.user.id ? <strong>{t('account:dselector.actingNow')}</strong> : null}
              </li>
            ))}
          </ul>
        )}
        {actingForId ? (
          <p>
            <a href="/app/user/cselector">{t('account:dselector.stopActing')}</a>
          </p>
        ) : null}
      </Card>
    </>
  )
}
