import { createCookie, redirect } from 'react-router'

/** The notifications of SPEC.md §8, by key; nothing else can be flashed. */
const TOAST_KEYS = [
  'created',
  'saved',
  'deleted',
  'added',
  'passwordChanged',
  'passwordResetSuccess',
  'loggedOut',
  'customerSelected',
  'invitationAccepted',
  'invitationDeclined',
] as const
type ToastKey = (typeof TOAST_KEYS)[number]
export type Toast = { key: ToastKey; type: 'success' | 'info' | 'error' }

const toastCookie = createCookie('__toast', { path: '/', httpOnly: true, sameSite: 'lax', secure: process.env.COOKIE_SECURE === 'true' })

export async function readToast(request: Request): Promise<Toast | null> {
  const value = await toastCookie.parse(request.headers.get('Cookie'))
  if (!value || typeof value !== 'object') return null
  const { key, type } = value as Toast
  if (!(TOAST_KEYS as readonly string[]).includes(key)) return null
  return { key, type: type === 'error' || type === 'info' ? type : 'success' }
}

function toastHeader(key: ToastKey, type: Toast['type'] = 'success') {
  return toastCookie.serialize({ key, type })
}

export function clearToastHeader() {
  return toastCookie.serialize('', { maxAge: 0 })
}

/** Post/Redirect/Get with a notification that survives the redirect, also without JavaScript. */
export async function redirectWithToast(url: string, key: ToastKey, init: { headers?: HeadersInit; type?: Toast['type'] } = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(key, init.type))
  return redirect(url, { headers })
}
