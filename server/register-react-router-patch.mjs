// `node --import ./server/register-react-router-patch.mjs …` or an import before the server's first
// import of react-router: see server/react-router-patch.mjs.
import { register } from 'node:module'

register('./react-router-patch.mjs', import.meta.url)
