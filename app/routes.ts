import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/_index.tsx'),
  route('pwdreset', 'routes/pwdreset.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('lang', 'routes/lang.tsx'),
  route('imprint', 'routes/info-page.tsx', { id: 'imprint' }),
  route('privacy', 'routes/info-page.tsx', { id: 'privacy' }),
  route('contact', 'routes/info-page.tsx', { id: 'contact' }),
  route('help', 'routes/info-page.tsx', { id: 'help' }),

  route('app/measures/export.csv', 'routes/app/measures/export.ts'),
  route('app/risk/export.csv', 'routes/app/risk/export.ts'),

  route('app', 'routes/app/layout.tsx', [
    index('routes/app/_index.tsx'),
    route('debug', 'routes/app/debug.tsx'),
    route('user/cselector', 'routes/app/user/cselector.tsx'),
    route('user/dselector', 'routes/app/user/dselector.tsx'),
    route('user/profile', 'routes/app/user/profile.tsx'),
    route('user/customer', 'routes/app/user/customer.tsx'),
    route('user/pwd', 'routes/app/user/pwd.tsx'),
    route('sadmin', 'routes/app/sadmin/_index.tsx'),
    route('sadmin/customers', 'routes/app/sadmin/customers.tsx', [
      route('new', 'routes/app/sadmin/customer-edit.tsx', { id: 'sadmin-customer-new' }),
      route(':id/edit', 'routes/app/sadmin/customer-edit.tsx', { id: 'sadmin-customer-edit' }),
    ]),
    route('sadmin/users', 'routes/app/sadmin/users.tsx', [
      route('new', 'routes/app/sadmin/user-edit.tsx', { id: 'sadmin-user-new' }),
      route(':id/edit', 'routes/app/sadmin/user-edit.tsx', { id: 'sadmin-user-edit' }),
    ]),
    route('sadmin/users/:id/map', 'routes/app/sadmin/user-map.tsx'),
    route('sadmin/news', 'routes/app/sadmin/news.tsx', [
      route('new', 'routes/app/sadmin/news-edit.tsx', { id: 'sadmin-news-new' }),
      route(':id/edit', 'routes/app/sadmin/news-edit.tsx', { id: 'sadmin-news-edit' }),
      route(':id/delete', 'routes/app/sadmin/news-delete.tsx'),
    ]),
    route('sadmin/mails', 'routes/app/sadmin/mails.tsx', [route(':key/:language', 'routes/app/sadmin/mail-edit.tsx')]),
    route('sadmin/risks', 'routes/app/sadmin/risks/index.tsx', [
      route('new', 'routes/app/sadmin/risks/edit.tsx', { id: 'sadmin-risk-new' }),
      route(':id/edit', 'routes/app/sadmin/risks/edit.tsx', { id: 'sadmin-risk-edit' }),
      route(':id/active', 'routes/app/sadmin/risks/active.tsx'),
    ]),
    route('sadmin/risks/themes', 'routes/app/sadmin/risks/themes.tsx', [
      route('new', 'routes/app/sadmin/risks/theme-edit.tsx', { id: 'sadmin-risk-theme-new' }),
      route(':id/edit', 'routes/app/sadmin/risks/theme-edit.tsx', { id: 'sadmin-risk-theme-edit' }),
    ]),
    route('sadmin/ikss', 'routes/app/sadmin/ikss/index.tsx', [
      route('new', 'routes/app/sadmin/ikss/edit.tsx', { id: 'sadmin-ics-new' }),
      route(':id/edit', 'routes/app/sadmin/ikss/edit.tsx', { id: 'sadmin-ics-edit' }),
      route(':id/active', 'routes/app/sadmin/ikss/active.tsx'),
    ]),
    route('sadmin/ikss/themes', 'routes/app/sadmin/ikss/themes.tsx', [
      route('new', 'routes/app/sadmin/ikss/theme-edit.tsx', { id: 'sadmin-ics-theme-new' }),
      route(':id/edit', 'routes/app/sadmin/ikss/theme-edit.tsx', { id: 'sadmin-ics-theme-edit' }),
    ]),
    route('sadmin/ikss/subthemes', 'routes/app/sadmin/ikss/subthemes.tsx', [
      route('new', 'routes/app/sadmin/ikss/subtheme-edit.tsx', { id: 'sadmin-ics-subtheme-new' }),
      route(':id/edit', 'routes/app/sadmin/ikss/subtheme-edit.tsx', { id: 'sadmin-ics-subtheme-edit' }),
    ]),
    route('measures', 'routes/app/measures/index.tsx', [
      route('new', 'routes/app/measures/edit.tsx', { id: 'measure-new' }),
      route(':id/edit', 'routes/app/measures/edit.tsx', { id: 'measure-edit' }),
      route(':id/confirm', 'routes/app/measures/confirm.tsx'),
      route(':id/delete', 'routes/app/measures/delete.tsx'),
    ]),
    route('docs', 'routes/app/docs/index.tsx', [
      route('new', 'routes/app/docs/edit.tsx', { id: 'document-new' }),
      route(':id/edit', 'routes/app/docs/edit.tsx', { id: 'document-edit' }),
      route(':id/delete', 'routes/app/docs/delete.tsx'),
    ]),
    route('risk', 'routes/app/risk/index.tsx'),
    route('risk/map', 'routes/app/risk/map.tsx'),
    route('risk/catalog', 'routes/app/risk/catalog.tsx', [route('individual', 'routes/app/risk/individual.tsx')]),
    route('risk/:id', 'routes/app/risk/detail.tsx'),
    route('work-process', 'routes/app/work-process/index.tsx', [
      route('new', 'routes/app/work-process/edit.tsx', { id: 'work-process-new' }),
      route(':id/edit', 'routes/app/work-process/edit.tsx', { id: 'work-process-edit' }),
      route(':id/delete', 'routes/app/work-process/delete.tsx'),
    ]),
    route('iks', 'routes/app/iks/index.tsx'),
    route('iks/catalog', 'routes/app/iks/catalog.tsx', [route('individual', 'routes/app/iks/individual.tsx')]),
    route('iks/qsindex', 'routes/app/iks/qsindex.tsx'),
    route('iks/control-matrix', 'routes/app/iks/control-matrix.tsx'),
    route('iks/:id', 'routes/app/iks/detail.tsx'),
    route('dsg', 'routes/app/dsg/index.tsx'),
    route('admin/users', 'routes/app/admin/users.tsx', [
      route('new', 'routes/app/admin/user-new.tsx'),
      route(':id/edit', 'routes/app/admin/user-edit.tsx'),
      route(':id/remove', 'routes/app/admin/user-remove.tsx'),
    ]),
  ]),

  route('api/login', 'routes/api/login.ts'),
  route('api/logout', 'routes/api/logout.ts'),
  route('api/session', 'routes/api/session.ts'),
  route('api/users/me', 'routes/api/users/me.ts'),
  route('api/users/loadpermissions', 'routes/api/users/loadpermissions.ts'),
  route('api/users/getdeputies', 'routes/api/users/getdeputies.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
