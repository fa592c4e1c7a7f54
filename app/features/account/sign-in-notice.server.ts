import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { findUserByEmail, LOGIN_ATTEMPT_WINDOW_MINUTES, takeAttempt, throttleKey } from '#app/auth/users.server.ts'

/*
 * The owner's mail when someone keeps typing wrong passwords for their address (decision 0050): once
 * per address and window, in the owner's language, from the mail template `sign-in-attempts`. It
 * runs apart from the answer, so neither the answer nor its time says whether the address exists.
 */

/** Mails the owner of `email` (if any, active) that wrong passwords came, unless done in this window. */
export function noticeWrongPasswords(email: string, client: string, attempts: number) {
  sendLater('sign-in notice', send(email, client, attempts))
}

async function send(email: string, client: string, attempts: number) {
  if (await takeAttempt('notice', throttleKey.notice(email))) return
  const user = await findUserByEmail(email)
  if (user?.state !== 'active') return
  const mail = await renderTemplate('sign-in-attempts', user.language, {
    firstName: user.firstName,
    lastName: user.lastName,
    attempts: String(attempts),
    minutes: String(LOGIN_ATTEMPT_WINDOW_MINUTES),
    client,
    link: `${appUrl()}/pwdreset`,
  })
  await sendMail(user.email, mail)
}
