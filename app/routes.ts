import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('features/account/login.tsx'),
  route('pwdreset', 'features/account/password-reset.tsx'),
  // The second step of a sign-in with the second factor (issue 12).
  route('login/second-factor', 'features/account/second-factor-step.tsx'),
  route('logout', 'features/account/logout.tsx'),
  // Sign-in through the fund's own OpenID provider (issue 12, decision 0038).
  route('login/provider', 'features/sign-in-provider/start.tsx'),
  route('login/provider/callback', 'features/sign-in-provider/callback.tsx'),
  route('lang', 'features/shell/lang.tsx'),
  // A person without an account answers their own loyalty declaration through the personal link (issue 26).
  route('declaration/:token', 'features/loyalty/declarations/link.tsx'),
  route('imprint', 'features/shell/info-page.tsx', { id: 'imprint' }),
  route('privacy', 'features/shell/info-page.tsx', { id: 'privacy' }),
  route('contact', 'features/shell/info-page.tsx', { id: 'contact' }),
  route('help', 'features/shell/info-page.tsx', { id: 'help' }),

  // Guards are route middleware (app/auth/middleware.server.ts): signed in on the app layout, the rights
  // of a tool or area on its pathless layout. A layout adds no URL segment and keeps the ids below it.
  route('app', 'features/shell/app-layout.tsx', { id: 'app-layout' }, [
    index('features/dashboard/index.tsx'),
    route('debug', 'features/shell/debug.tsx'),
    layout('features/account/layout.tsx', [
      route('user/cselector', 'features/account/customer-selector.tsx'),
      route('user/dselector', 'features/account/deputy-selector.tsx'),
      route('user/profile', 'features/account/profile.tsx'),
      route('user/language', 'features/account/profile-language.tsx'),
      route('user/customer', 'features/account/company.tsx'),
      // The signed-in fund's logo, uploaded and kept by the product (decision 0053).
      route('logo', 'features/account/logo.ts'),
      route('user/pwd', 'features/account/password.tsx'),
      route('user/security', 'features/account/security.tsx'),
    ]),
    layout('features/operator/layout.tsx', [
      route('sadmin', 'features/operator/index.tsx'),
      route('sadmin/customers', 'features/operator/customers/index.tsx', [
        route('new', 'features/operator/customers/edit.tsx', { id: 'sadmin-customer-new' }),
        route(':id/edit', 'features/operator/customers/edit.tsx', { id: 'sadmin-customer-edit' }),
        route(':id/provider', 'features/operator/customers/provider.tsx'),
      ]),
      route('sadmin/customers/:id/logo', 'features/operator/customers/logo.ts'),
      route('sadmin/users', 'features/operator/users/index.tsx', [
        route('new', 'features/operator/users/edit.tsx', { id: 'sadmin-user-new' }),
        route(':id/edit', 'features/operator/users/edit.tsx', { id: 'sadmin-user-edit' }),
      ]),
      route('sadmin/users/:id/map', 'features/operator/users/map.tsx'),
      route('sadmin/news', 'features/news/index.tsx', [
        route('new', 'features/news/edit.tsx', { id: 'sadmin-news-new' }),
        route(':id/edit', 'features/news/edit.tsx', { id: 'sadmin-news-edit' }),
        route(':id/delete', 'features/news/delete.tsx'),
      ]),
      route('sadmin/mails', 'features/operator/mails/index.tsx', [route(':key/:language', 'features/operator/mails/edit.tsx')]),
      route('sadmin/risks', 'features/operator/risk-catalog/index.tsx', [
        route('new', 'features/operator/risk-catalog/edit.tsx', { id: 'sadmin-risk-new' }),
        route(':id/edit', 'features/operator/risk-catalog/edit.tsx', { id: 'sadmin-risk-edit' }),
        route(':id/active', 'features/operator/risk-catalog/active.tsx'),
      ]),
      route('sadmin/risks/themes', 'features/operator/risk-catalog/themes/index.tsx', [
        route('new', 'features/operator/risk-catalog/themes/edit.tsx', { id: 'sadmin-risk-theme-new' }),
        route(':id/edit', 'features/operator/risk-catalog/themes/edit.tsx', { id: 'sadmin-risk-theme-edit' }),
      ]),
      route('sadmin/ikss', 'features/operator/ics-catalog/index.tsx', [
        route('new', 'features/operator/ics-catalog/edit.tsx', { id: 'sadmin-ics-new' }),
        route(':id/edit', 'features/operator/ics-catalog/edit.tsx', { id: 'sadmin-ics-edit' }),
        route(':id/active', 'features/operator/ics-catalog/active.tsx'),
      ]),
      route('sadmin/ikss/themes', 'features/operator/ics-catalog/themes/index.tsx', [
        route('new', 'features/operator/ics-catalog/themes/edit.tsx', { id: 'sadmin-ics-theme-new' }),
        route(':id/edit', 'features/operator/ics-catalog/themes/edit.tsx', { id: 'sadmin-ics-theme-edit' }),
      ]),
      route('sadmin/ikss/subthemes', 'features/operator/ics-catalog/subthemes/index.tsx', [
        route('new', 'features/operator/ics-catalog/subthemes/edit.tsx', { id: 'sadmin-ics-subtheme-new' }),
        route(':id/edit', 'features/operator/ics-catalog/subthemes/edit.tsx', { id: 'sadmin-ics-subtheme-edit' }),
      ]),
      // The KRI catalogue (issue 27): names in three languages, unit, direction, legal default thresholds.
      route('sadmin/kris', 'features/operator/kri-catalog/index.tsx', [
        route('new', 'features/operator/kri-catalog/edit.tsx', { id: 'sadmin-kri-new' }),
        route(':id/edit', 'features/operator/kri-catalog/edit.tsx', { id: 'sadmin-kri-edit' }),
      ]),
      route('sadmin/dsg', 'features/operator/dsg-catalog/index.tsx', [
        route('new', 'features/operator/dsg-catalog/edit.tsx', { id: 'sadmin-dsg-template-new' }),
        route(':id/edit', 'features/operator/dsg-catalog/edit.tsx', { id: 'sadmin-dsg-template-edit' }),
        route(':id/active', 'features/operator/dsg-catalog/active.tsx'),
      ]),
    ]),
    layout('features/report/layout.tsx', [
      route('report', 'features/report/index.tsx'),
      route('report/:id', 'features/report/detail.tsx'),
      route('report/:id/compare', 'features/report/compare.tsx'),
      route('report/:id/report.pdf', 'features/report/report-pdf.ts'),
      route('report/:id/auditor.zip', 'features/report/auditor-zip.ts'),
    ]),
    layout('features/measures/layout.tsx', [
      route('measures', 'features/measures/index.tsx', [
        route('new', 'features/measures/edit.tsx', { id: 'measure-new' }),
        route(':id/edit', 'features/measures/edit.tsx', { id: 'measure-edit' }),
        // Read-only with its history, for who may not edit it (issue 12).
        route(':id', 'features/measures/view.tsx', { id: 'measure-view' }),
        route(':id/confirm', 'features/measures/confirm.tsx'),
        route(':id/delete', 'features/measures/delete.tsx'),
      ]),
      route('measures/export.csv', 'features/measures/export.ts'),
      route('measures/export.xlsx', 'features/measures/export.ts', { id: 'measures-export-xlsx' }),
    ]),
    // Import of the risk inventory and of measures (issue 11): writers only, each its own guard.
    layout('features/import/risks-layout.tsx', [route('risk/import', 'features/import/page.tsx', { id: 'risk-import' })]),
    layout('features/import/measures-layout.tsx', [route('measures/import', 'features/import/page.tsx', { id: 'measures-import' })]),
    layout('features/documents/layout.tsx', [
      route('docs', 'features/documents/index.tsx', [
        route('new', 'features/documents/edit.tsx', { id: 'document-new' }),
        route(':id/edit', 'features/documents/edit.tsx', { id: 'document-edit' }),
        route(':id', 'features/documents/view.tsx', { id: 'document-view' }),
        route(':id/delete', 'features/documents/delete.tsx'),
      ]),
      route('docs/export.csv', 'features/documents/export.ts'),
      route('docs/export.xlsx', 'features/documents/export.ts', { id: 'documents-export-xlsx' }),
    ]),
    // Key risk indicators and the risk appetite (issue 27, decision 0067): readers of RM; writers enter values; RM admins set the appetite.
    layout('features/kri/layout.tsx', [
      route('risk/kri', 'features/kri/index.tsx'),
      route('risk/kri/values', 'features/kri/values/edit.tsx'),
      route('risk/kri/appetite', 'features/kri/appetite/index.tsx'),
      route('risk/kri/appetite/approve', 'features/kri/appetite/approve.tsx'),
      route('risk/kri/underfunding', 'features/kri/underfunding/index.tsx'),
      route('risk/kri/export.csv', 'features/kri/export.ts'),
      route('risk/kri/export.xlsx', 'features/kri/export.ts', { id: 'kri-export-xlsx' }),
      route('risk/kri/:id', 'features/kri/detail.tsx'),
      route('risk/acceptances', 'features/kri/acceptance/index.tsx'),
      route('risk/:id/acceptance', 'features/kri/acceptance/edit.tsx'),
    ]),
    layout('features/import/kri-layout.tsx', [route('risk/kri/import', 'features/import/page.tsx', { id: 'kri-import' })]),
    layout('features/inventory/risk/layout.tsx', [
      route('risk', 'features/inventory/risk/index.tsx'),
      route('risk/map', 'features/inventory/risk/map.tsx'),
      route('risk/catalog', 'features/inventory/risk/catalog.tsx', [route('individual', 'features/inventory/risk/individual.tsx')]),
      route('risk/:id', 'features/inventory/risk/detail.tsx'),
      route('risk/export.csv', 'features/inventory/risk/export.ts'),
      route('risk/export.xlsx', 'features/inventory/risk/export.ts', { id: 'risk-export-xlsx' }),
    ]),
    layout('features/work-processes/layout.tsx', [
      route('work-process', 'features/work-processes/index.tsx', [
        route('new', 'features/work-processes/edit.tsx', { id: 'work-process-new' }),
        route(':id/edit', 'features/work-processes/edit.tsx', { id: 'work-process-edit' }),
        route(':id', 'features/work-processes/view.tsx', { id: 'work-process-view' }),
        route(':id/delete', 'features/work-processes/delete.tsx'),
      ]),
      route('work-process/export.csv', 'features/work-processes/export.ts'),
      route('work-process/export.xlsx', 'features/work-processes/export.ts', { id: 'work-processes-export-xlsx' }),
    ]),
    layout('features/inventory/ics/layout.tsx', [
      route('iks', 'features/inventory/ics/index.tsx'),
      route('iks/catalog', 'features/inventory/ics/catalog.tsx', [route('individual', 'features/inventory/ics/individual.tsx')]),
      route('iks/qsindex', 'features/inventory/ics/quality-index.tsx'),
      route('iks/control-matrix', 'features/inventory/ics/control-matrix.tsx'),
      route('iks/control-matrix/export.csv', 'features/inventory/ics/control-matrix-export.ts'),
      route('iks/control-matrix/export.xlsx', 'features/inventory/ics/control-matrix-export.ts', { id: 'control-matrix-export-xlsx' }),
      route('iks/export.csv', 'features/inventory/ics/export.ts'),
      route('iks/export.xlsx', 'features/inventory/ics/export.ts', { id: 'ics-export-xlsx' }),
      // The process's step "Execution" (issue 25): the executions feature's part of the stepper, rendered in its outlet.
      route('iks/:id', 'features/inventory/ics/detail.tsx', [index('features/executions/process-block.tsx')]),
    ]),
    // The control executions (issue 25, decisions 0061 and 0062): read on ICS; recording and signing per execution.
    layout('features/executions/layout.tsx', [
      route('iks/executions', 'features/executions/index.tsx'),
      route('iks/executions/export.csv', 'features/executions/export.ts'),
      route('iks/executions/export.xlsx', 'features/executions/export.ts', { id: 'executions-export-xlsx' }),
      route('iks/executions/:id', 'features/executions/detail.tsx'),
    ]),
    // Loyalty and integrity (issue 26, decision 0066): admins manage, readers and auditors read; a member answers their own declaration.
    layout('features/loyalty/layout.tsx', [
      route('loyalty', 'features/loyalty/index.tsx'),
      route('loyalty/campaign', 'features/loyalty/campaign/campaign.tsx'),
      route('loyalty/review', 'features/loyalty/campaign/review.tsx'),
      route('loyalty/persons', 'features/loyalty/persons/index.tsx'),
      route('loyalty/persons/new', 'features/loyalty/persons/edit.tsx', { id: 'loyalty-person-new' }),
      route('loyalty/persons/export.csv', 'features/loyalty/persons/export.ts'),
      route('loyalty/persons/export.xlsx', 'features/loyalty/persons/export.ts', { id: 'loyalty-persons-export-xlsx' }),
      route('loyalty/persons/:id/edit', 'features/loyalty/persons/edit.tsx', { id: 'loyalty-person-edit' }),
      route('loyalty/declarations', 'features/loyalty/declarations/index.tsx'),
      route('loyalty/declarations/export.csv', 'features/loyalty/declarations/export.ts'),
      route('loyalty/declarations/export.xlsx', 'features/loyalty/declarations/export.ts', { id: 'loyalty-declarations-export-xlsx' }),
      route('loyalty/declarations/:id', 'features/loyalty/declarations/detail.tsx'),
      route('loyalty/sample', 'features/loyalty/sample/index.tsx'),
      route('loyalty/sample/:year/sample.pdf', 'features/loyalty/sample/download.ts'),
      route('loyalty/sample/:year/scans.zip', 'features/loyalty/sample/download.ts', { id: 'loyalty-sample-zip' }),
      route('loyalty/transactions', 'features/loyalty/transactions/index.tsx'),
      route('loyalty/transactions/new', 'features/loyalty/transactions/edit.tsx', { id: 'loyalty-transaction-new' }),
      route('loyalty/transactions/export.csv', 'features/loyalty/transactions/export.ts'),
      route('loyalty/transactions/export.xlsx', 'features/loyalty/transactions/export.ts', { id: 'loyalty-transactions-export-xlsx' }),
      route('loyalty/transactions/:id', 'features/loyalty/transactions/detail.tsx'),
      route('loyalty/transactions/:id/edit', 'features/loyalty/transactions/edit.tsx', { id: 'loyalty-transaction-edit' }),
      route('loyalty/changes', 'features/loyalty/changes/index.tsx'),
      route('loyalty/changes/new', 'features/loyalty/changes/edit.tsx', { id: 'loyalty-change-new' }),
      route('loyalty/changes/export.csv', 'features/loyalty/changes/export.ts'),
      route('loyalty/changes/export.xlsx', 'features/loyalty/changes/export.ts', { id: 'loyalty-changes-export-xlsx' }),
      route('loyalty/changes/:id/edit', 'features/loyalty/changes/edit.tsx', { id: 'loyalty-change-edit' }),
    ]),
    // Providers (issue 28, decision 0068): readers of either tool; writers keep them; the assurance review is a control execution.
    layout('features/providers/layout.tsx', [
      route('providers', 'features/providers/index.tsx'),
      route('providers/new', 'features/providers/edit.tsx', { id: 'provider-new' }),
      route('providers/export.csv', 'features/providers/export.ts'),
      route('providers/export.xlsx', 'features/providers/export.ts', { id: 'providers-export-xlsx' }),
      route('providers/:id', 'features/providers/detail.tsx'),
      route('providers/:id/edit', 'features/providers/edit.tsx', { id: 'provider-edit' }),
      route('providers/:id/assurance', 'features/providers/assurance/plan.tsx'),
      route('providers/:id/incidents/new', 'features/providers/incidents/edit.tsx', { id: 'provider-incident-new' }),
      route('providers/:id/incidents/:incidentId/edit', 'features/providers/incidents/edit.tsx', { id: 'provider-incident-edit' }),
    ]),
    // Findings of the auditor, the expert, the supervisor and the internal review (issue 28): deadlines and escalation.
    layout('features/findings/layout.tsx', [
      route('findings', 'features/findings/index.tsx'),
      route('findings/new', 'features/findings/edit.tsx', { id: 'finding-new' }),
      route('findings/export.csv', 'features/findings/export.ts'),
      route('findings/export.xlsx', 'features/findings/export.ts', { id: 'findings-export-xlsx' }),
      route('findings/:id', 'features/findings/detail.tsx'),
      route('findings/:id/edit', 'features/findings/edit.tsx', { id: 'finding-edit' }),
    ]),
    // The council's decisions (issue 28): the register the areas link their approvals to; admins record.
    layout('features/decisions/layout.tsx', [
      route('decisions', 'features/decisions/index.tsx'),
      route('decisions/new', 'features/decisions/edit.tsx', { id: 'decision-new' }),
      route('decisions/export.csv', 'features/decisions/export.ts'),
      route('decisions/export.xlsx', 'features/decisions/export.ts', { id: 'decisions-export-xlsx' }),
      route('decisions/:id', 'features/decisions/detail.tsx'),
      route('decisions/:id/edit', 'features/decisions/edit.tsx', { id: 'decision-edit' }),
    ]),
    // One stored file, streamed as an attachment (decision 0063); rights by what the file belongs to.
    layout('features/files/layout.tsx', [route('files/:id', 'features/files/download.ts')]),
    layout('features/dsg/layout.tsx', [
      route('dsg', 'features/dsg/index.tsx'),
      route('dsg/processing', 'features/dsg/processing/index.tsx'),
      route('dsg/processing/new', 'features/dsg/processing/edit.tsx', { id: 'dsg-activity-new' }),
      route('dsg/processing/catalog', 'features/dsg/processing/catalog.tsx'),
      route('dsg/processing/export.csv', 'features/dsg/processing/export-csv.ts'),
      route('dsg/processing/export.xlsx', 'features/dsg/processing/export-xlsx.ts'),
      route('dsg/processing/export.pdf', 'features/dsg/processing/export-pdf.ts'),
      route('dsg/processing/:id', 'features/dsg/processing/detail.tsx', [route('delete', 'features/dsg/processing/delete.tsx')]),
      route('dsg/processing/:id/edit', 'features/dsg/processing/edit.tsx', { id: 'dsg-activity-edit' }),
      route('dsg/dpia', 'features/dsg/dpia/index.tsx'),
      route('dsg/dpia/new', 'features/dsg/dpia/new.tsx'),
      route('dsg/dpia/:id', 'features/dsg/dpia/detail.tsx', [route('delete', 'features/dsg/dpia/delete.tsx')]),
      // Breaches hold personal data of insured persons: their own guard (dsg role and admins).
      layout('features/dsg/breaches/layout.tsx', [
        route('dsg/breaches', 'features/dsg/breaches/index.tsx', [route('settings', 'features/dsg/breaches/settings.tsx')]),
        route('dsg/breaches/new', 'features/dsg/breaches/edit.tsx', { id: 'dsg-breach-new' }),
        route('dsg/breaches/:id', 'features/dsg/breaches/detail.tsx', [
          route('notify', 'features/dsg/breaches/notify.tsx'),
          route('delete', 'features/dsg/breaches/delete.tsx'),
        ]),
        route('dsg/breaches/:id/edit', 'features/dsg/breaches/edit.tsx', { id: 'dsg-breach-edit' }),
        route('dsg/breaches/:id/notification', 'features/dsg/breaches/notification.tsx'),
      ]),
      // Requests of data subjects hold personal data: a layout of their own lets only the dsg role and admins in.
      layout('features/dsg/requests/layout.tsx', [
        route('dsg/requests', 'features/dsg/requests/index.tsx', [route('new', 'features/dsg/requests/edit.tsx', { id: 'dsg-request-new' })]),
        route('dsg/requests/:id', 'features/dsg/requests/detail.tsx', [
          route('edit', 'features/dsg/requests/edit.tsx', { id: 'dsg-request-edit' }),
          route('extend', 'features/dsg/requests/extend.tsx'),
          route('answer', 'features/dsg/requests/answer.tsx'),
          route('close', 'features/dsg/requests/close.tsx'),
          route('delete', 'features/dsg/requests/delete.tsx'),
        ]),
      ]),
    ]),
    layout('features/admin/layout.tsx', [
      route('admin/users', 'features/admin/index.tsx', [
        route('new', 'features/admin/new.tsx'),
        route(':id/edit', 'features/admin/edit.tsx'),
        route(':id/remove', 'features/admin/delete.tsx'),
      ]),
      // The read log of sensitive data (issue 12): the fund's admins.
      route('admin/read-log', 'features/read-log/index.tsx'),
    ]),
    // The audit trail (issue 12): admins and auditors.
    layout('features/history/layout.tsx', [
      route('admin/audit', 'features/history/audit.tsx'),
      route('admin/audit/export.csv', 'features/history/audit-export.ts'),
      route('admin/audit/export.xlsx', 'features/history/audit-export.ts', { id: 'admin-audit-export-xlsx' }),
    ]),
  ]),

  route('api/login', 'features/account/api/login.ts'),
  route('api/login/second-factor', 'features/account/api/login-second-factor.ts'),
  route('api/logout', 'features/account/api/logout.ts'),
  route('api/session', 'features/account/api/session.ts'),
  route('api/users/me', 'features/account/api/me.ts'),
  route('api/users/loadpermissions', 'features/account/api/permissions.ts'),
  route('api/users/getdeputies', 'features/account/api/deputies.ts'),

  route('*', 'features/shell/not-found.tsx'),
] satisfies RouteConfig
