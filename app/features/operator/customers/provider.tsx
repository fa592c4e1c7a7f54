import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { getCustomer } from '#app/features/operator/operator.server.ts'
import { callbackUrlOf, checkDiscovery, IdentityProviders } from '#app/features/sign-in-provider/face.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, CheckboxField, FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema, schema, testSchema } from './provider-schema.ts'
import type { Route } from './+types/provider'

/**
 * The fund's own OpenID provider (issue 12, docs/decisions/0038), set by the operator: issuer, client,
 * a write-only secret and the e-mail domains whose members may sign in through it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const customer = await getCustomer(access, params.id)
  if (!customer) notFound(request)
  const provider = await IdentityProviders.for(access).ofCustomer(customer.id)
  return { customer: { id: customer.id, name: customer.name }, provider, callbackUrl: callbackUrlOf(request) }
}

/** Back to the list searched for this fund: the list is paged, and the operator sees what they just set. */
const backToList = (name: string) => `/app/sadmin/customers?${new URLSearchParams({ q: name })}`

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const customer = await getCustomer(access, params.id)
  if (!customer) notFound(request)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const providers = IdentityProviders.for(access)
  if (intent === 'test') {
    const submission = parseWithZod(formData, { schema: testSchema })
    if (submission.status !== 'success') return data({ result: submission.reply(), test: null }, { status: 400 })
    const test = await checkDiscovery(submission.value.issuer)
    return data({ result: submission.reply(), test }, { status: test.ok ? 200 : 502 })
  }
  if (intent === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteSchema })
    if (submission.status !== 'success') return data({ result: submission.reply(), test: null }, { status: 400 })
    try {
      await providers.remove(customer.id, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast(backToList(customer.name), 'deleted')
  }
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['clientSecret'] }), test: null }, { status: 400 })
  const { issuer, clientId, clientSecret, allowedDomains, enabled, version } = submission.value
  try {
    await providers.save(customer.id, { issuer: issuer.trim(), clientId, clientSecret, allowedDomains, enabled }, version ?? null)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(backToList(customer.name), 'saved')
}

export default function CustomerProvider({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { customer, provider, callbackUrl } = loaderData
  const [form, fields] = useForm({
    id: provider ? `provider-${provider.id}-${provider.version}` : `provider-new-${customer.id}`,
    lastResult: actionData?.result,
    defaultValue: provider
      ? { issuer: provider.issuer, clientId: provider.clientId, allowedDomains: provider.allowedDomains.join('\n'), enabled: provider.enabled ? 'on' : '' }
      : { enabled: 'on' },
    shouldValidate: 'onSubmit',
  })
  const value = (name: 'issuer' | 'clientId' | 'allowedDomains') => fields[name].initialValue as string | undefined
  const test = (actionData && 'test' in actionData ? actionData.test : null) as Awaited<ReturnType<typeof checkDiscovery>> | null
  return (
    <RouteDialog title={t('sadmin:provider.title', { name: customer.name })} closeTo="/app/sadmin/customers">
      <p>{t('sadmin:provider.intro')}</p>
      <p>
        {t('sadmin:provider.redirectUri')} <code>{callbackUrl}</code>
      </p>
      {test ? (
        test.ok ? (
          <Alert tone="success">{t('sadmin:provider.testOk', { issuer: test.issuer })}</Alert>
        ) : (
          <Alert tone="error">{t('sadmin:provider.testFailed', { reason: t(`sadmin:provider.testReason.${test.reason}`) })}</Alert>
        )
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        {provider ? <input type="hidden" name="version" value={provider.version} /> : null}
        <TextField
          label={t('sadmin:provider.issuer')}
          name="issuer"
          type="url"
          defaultValue={value('issuer')}
          errors={fields.issuer.errors}
          description={t('sadmin:provider.issuerHint')}
          isRequired
        />
        <TextField label={t('sadmin:provider.clientId')} name="clientId" defaultValue={value('clientId')} errors={fields.clientId.errors} isRequired />
        <TextField
          label={t('sadmin:provider.clientSecret')}
          name="clientSecret"
          type="password"
          autoComplete="off"
          errors={fields.clientSecret.errors}
          description={provider ? t('sadmin:provider.secretKept') : t('sadmin:provider.secretHint')}
          isRequired={!provider}
        />
        <TextField
          label={t('sadmin:provider.allowedDomains')}
          name="allowedDomains"
          multiline
          rows={3}
          defaultValue={value('allowedDomains')}
          errors={fields.allowedDomains.errors}
          description={t('sadmin:provider.domainsHint')}
          isRequired
        />
        <CheckboxField
          label={t('sadmin:provider.enabled')}
          name="enabled"
          defaultChecked={fields.enabled.initialValue === 'on'}
          errors={fields.enabled.errors}
        />
        <FormActions>
          <Button type="submit" name="intent" value="save">
            {t('action.save')}
          </Button>
          <Button type="submit" name="intent" value="test" variant="secondary" formNoValidate>
            {t('sadmin:provider.test')}
          </Button>
          {provider ? (
            <Button type="submit" name="intent" value="delete" variant="danger" formNoValidate>
              {t('action.delete')}
            </Button>
          ) : null}
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
