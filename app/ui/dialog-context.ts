import { createContext, useContext } from 'react'

/** Inside a route dialog: where Cancel leads, so that a form's button row can offer it. */
export const DialogClose = createContext<string | null>(null)
export const useDialogCloseTo = () => useContext(DialogClose)
