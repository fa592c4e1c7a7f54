/**
 * What the other pages of the loyalty area use of the persons register: the persons active on a day
 * (the campaign asks each of them for a declaration).
 */
export { activePersonsOn } from './persons.server.ts'
