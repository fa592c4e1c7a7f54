import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { getAuth, safeRedirect } from '#app/auth/guards.server.ts'
import { takeAttempt, throttleKey } from '#app/auth/users.server.ts'
import { PublicShell } from '#app/ui/shell.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { clientIp } from '#app/utils/client.server.ts'
import { emailField } from '#app/utils/validation.ts'
import { callbackUrlOf, commitFlowCookie } from './cookies.server.ts'
import { type ProviderChoice, providersForEmail, startProviderSignIn } from './providers.server.ts'
import type { Route } from './+types/start'

/**
 * Sign-in through the fund's own provider (issue 12, docs/decisions/0038): the person gives their
 * e-mail; the funds whose provider allows its domain are found; with one the browser goes to it,
 * with several the person picks the fund. Works without JavaScript.
 */
const schema = z.object({
  email: emailField(),
  providerId: z.string().max(100).optional(),
  redirectTo: z.string().max(2000).optional(),
})

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectTo = url.searchParams.get('redirectTo') ?? ''
  if (await getAuth(request)) throw redirect(safeRedirect(redirectTo, '/app'))
  const t = getFixedT(await getLocale(request))
  return { redirectTo, title: t('account:provider.title') }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.title }

type ActionData = { result: SubmissionResult<string[]>; choices?: ProviderChoice[]; email?: string; continueTo?: string }

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 })
  // Each start costs a discovery and a flow row: counted per client like the password sign-in (decision 0016).
  if (await takeAttempt('client', throttleKey.client(clientIp(context)))) {
    return data<ActionData>({ result: submission.reply({ formErrors: ['account:provider.throttled'] }) }, { status: 429 })
  }
  const { email, providerId } = submission.value
  const redirectTo = safeRedirect(submission.value.redirectTo, '')
  const choices = await providersForEmail(email)
  if (choices.length === 0) return data<ActionData>({ result: submission.reply({ formErrors: ['account:provider.none'] }) }, { status: 404 })
  const chosen = providerId ? choices.find((c) => c.id === providerId) : choices.length === 1 ? choices[0] : null
  if (!chosen) return data<ActionData>({ result: submission.reply(), choices, email }, { status: providerId ? 400 : 200 })
  const start = await startProviderSignIn(chosen.id, { email, redirectTo, redirectUri: callbackUrlOf(request) })
  if (!start.ok) {
    const message = start.reason === 'unavailable' ? 'account:provider.unavailable' : 'account:provider.none'
    return data<ActionData>({ result: submission.reply({ formErrors: [message] }) }, { status: start.reason === 'unavailable' ? 502 : 404 })
  }
  const headers = new Headers({ 'Set-Cookie': await commitFlowCookie(start.state, request) })
  // A form the browser posted itself (no JavaScript): the content security policy's form-action
  // 'self' would stop a redirect to another site, so the page leads on (meta refresh and a link).
  if (request.headers.get('Sec-Fetch-Mode') === 'navigate') {
    return data<ActionData>({ result: submission.reply(), continueTo: start.url }, { headers })
  }
  throw redirect(start.url, { headers })
}

export default function ProviderSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: 'provider-sign-in', lastResult: actionData?.result, shouldValidate: 'onSubmit' })
  const continueTo = actionData?.continueTo
  if (continueTo) {
    return (
      <PublicShell>
        <meta httpEquiv="refresh" content={`0;url=${continueTo}`} />
        <Card title={t('account:provider.title')} level={1}>
          <p>{t('account:provider.continueIntro')}</p>
          <p>
            <a href={continueTo}>{t('account:provider.continue')}</a>
          </p>
        </Card>
      </PublicShell>
    )
  }
  const choices = actionData?.choices
  return (
    <PublicShell>
      <Card title={t('account:provider.title')} level={1}>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {choices?.length ? (
            <>
              <input type="hidden" name="email" value={actionData?.email ?? ''} />
              <p>{t('account:provider.choose', { email: actionData?.email ?? '' })}</p>
              <ul aria-label={t('account:provider.chooseLabel')}>
                {choices.map((c) => (
                  <li key={c.id}>
                    <Button type="submit" name="providerId" value={c.id} variant="secondary">
                      {c.customerName}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p>{t('account:provider.intro')}</p>
              <TextField
                label={t('field.email')}
                name={fields.email.name}
                type="email"
                autoComplete="username"
                defaultValue={fields.email.initialValue as string | undefined}
                errors={fields.email.errors}
                isRequired
              />
              <Button type="submit">{t('account:provider.submit')}</Button>
            </>
          )}
        </Form>
        {choices?.length ? null : <p>{t('account:provider.note')}</p>}
        <p>
          <a href="/">{t('account:provider.back')}</a>
        </p>
      </Card>
    </PublicShell>
  )
}
