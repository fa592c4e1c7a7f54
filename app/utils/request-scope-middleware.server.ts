import type { MiddlewareFunction } from 'react-router'
import { inRequest } from '#models/core/scope.server.ts'

/**
 * Root middleware: the request's database work shares one transaction, and the signed-in user is
 * read once (models/core/scope.server.ts, docs/decisions/0018-request-transaction.md).
 */
export const requestScope: MiddlewareFunction<Response> = ({ request }, next) => inRequest(request, next)
