import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('features/account/login.tsx'),
  route('pwdreset', 'features/account/password-reset.tsx'),
  route('logout', 'features/account/logout.tsx'),
  route('lang', 'features/shell/lang.tsx'),
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
      route('user/customer', 'features/account/company.tsx'),
      route('user/pwd', 'features/account/password.tsx'),
    ]),
    layout('features/operator/layout.tsx', [
      route('sadmin', 'features/operator/index.tsx'),
      route('sadmin/customers', 'features/operator/customers/index.tsx', [
        route('new', 'features/operator/customers/edit.tsx', { id: 'sadmin-customer-new' }),
        route(':id/edit', 'features/operator/customers/edit.tsx', { id: 'sadmin-customer-edit' }),
      ]),
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
    ]),
    layout('features/measures/layout.tsx', [
      route('measures', 'features/measures/index.tsx', [
        route('new', 'features/measures/edit.tsx', { id: 'measure-new' }),
        route(':id/edit', 'features/measures/edit.tsx', { id: 'measure-edit' }),
        route(':id/confirm', 'features/measures/confirm.tsx'),
        route(':id/delete', 'features/measures/delete.tsx'),
      ]),
      route('measures/export.csv', 'features/measures/export.ts'),
    ]),
    layout('features/documents/layout.tsx', [
      route('docs', 'features/documents/index.tsx', [
        route('new', 'features/documents/edit.tsx', { id: 'document-new' }),
        route(':id/edit', 'features/documents/edit.tsx', { id: 'document-edit' }),
        route(':id/delete', 'features/documents/delete.tsx'),
      ]),
    ]),
    layout('features/risk/layout.tsx', [
      route('risk', 'features/risk/index.tsx'),
      route('risk/map', 'features/risk/map.tsx'),
      route('risk/catalog', 'features/risk/catalog.tsx', [route('individual', 'features/risk/individual.tsx')]),
      route('risk/:id', 'features/risk/detail.tsx'),
      route('risk/export.csv', 'features/risk/export.ts'),
    ]),
    layout('features/work-processes/layout.tsx', [
      route('work-process', 'features/work-processes/index.tsx', [
        route('new', 'features/work-processes/edit.tsx', { id: 'work-process-new' }),
        route(':id/edit', 'features/work-processes/edit.tsx', { id: 'work-process-edit' }),
        route(':id/delete', 'features/work-processes/delete.tsx'),
      ]),
    ]),
    layout('features/ics/layout.tsx', [
      route('iks', 'features/ics/index.tsx'),
      route('iks/catalog', 'features/ics/catalog.tsx', [route('individual', 'features/ics/individual.tsx')]),
      route('iks/qsindex', 'features/ics/quality-index.tsx'),
      route('iks/control-matrix', 'features/ics/control-matrix.tsx'),
      route('iks/export.csv', 'features/ics/export.ts'),
      route('iks/:id', 'features/ics/detail.tsx'),
    ]),
    layout('features/dsg/layout.tsx', [
      route('dsg', 'features/dsg/index.tsx'),
      route('dsg/processing', 'features/dsg/processing/index.tsx'),
      route('dsg/processing/new', 'features/dsg/processing/edit.tsx', { id: 'dsg-activity-new' }),
      route('dsg/processing/catalog', 'features/dsg/processing/catalog.tsx'),
      route('dsg/processing/export.csv', 'features/dsg/processing/export-csv.ts'),
      route('dsg/processing/export.pdf', 'features/dsg/processing/export-pdf.ts'),
      route('dsg/processing/:id', 'features/dsg/processing/detail.tsx', [route('delete', 'features/dsg/processing/delete.tsx')]),
      route('dsg/processing/:id/edit', 'features/dsg/processing/edit.tsx', { id: 'dsg-activity-edit' }),
    ]),
    layout('features/admin/layout.tsx', [
      route('admin/users', 'features/admin/index.tsx', [
        route('new', 'features/admin/new.tsx'),
        route(':id/edit', 'features/admin/edit.tsx'),
        route(':id/remove', 'features/admin/delete.tsx'),
      ]),
    ]),
  ]),

  route('api/login', 'features/account/api/login.ts'),
  route('api/logout', 'features/account/api/logout.ts'),
  route('api/session', 'features/account/api/session.ts'),
  route('api/users/me', 'features/account/api/me.ts'),
  route('api/users/loadpermissions', 'features/account/api/permissions.ts'),
  route('api/users/getdeputies', 'features/account/api/deputies.ts'),

  route('*', 'features/shell/not-found.tsx'),
] satisfies RouteConfig
