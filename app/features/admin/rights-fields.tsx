import { useTranslation } from '#app/i18n/use-translation.ts'
import { CheckboxField, SelectField } from '#app/ui/fields.tsx'
import { type Role, ROLES, TOOLS, type Tool } from '#models/core/constants.ts'
import * as css from './admin.css.ts'

type Rights = { risk: { enabled: boolean; role: string }; iks: { enabled: boolean; role: string } }

/**
 * The two tools' rights: enabled and a role each (SPEC.md §6). Only the tools the admin administers
 * are fields; the others are shown as they are (the server keeps them whatever is posted).
 */
export function RightsFields({ defaults, editable, errors }: { defaults: Rights; editable: readonly Tool[]; errors?: Record<string, string[] | undefined> }) {
  const { t } = useTranslation()
  return (
    <fieldset className={css.rights}>
      <legend>{t('admin:users.rights')}</legend>
      {TOOLS.map((tool) =>
        !editable.includes(tool) ? (
          <p key={tool} className={css.hint}>
            {t('admin:users.rightsManagedElsewhere', {
              tool: t(`tool.${tool}`),
              right: defaults[tool].enabled ? t(`role.${defaults[tool].role as Role}`) : t('admin:users.rightDisabled'),
            })}
          </p>
        ) : (
          <div key={tool} className={css.rightRow}>
            <CheckboxField label={t('admin:users.enabled', { tool: t(`tool.${tool}`) })} name={`${tool}Enabled`} defaultChecked={defaults[tool].enabled} />
            <SelectField
              label={t('admin:users.role', { tool: t(`tool.${tool}`) })}
              name={`${tool}Role`}
              defaultValue={defaults[tool].role}
              errors={errors?.[`${tool}Role`]}
              options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            />
          </div>
        ),
      )}
      <p className={css.hint}>{t('admin:users.rightsHint')}</p>
    </fieldset>
  )
}
