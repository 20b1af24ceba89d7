import type { ApiRouteName } from '../../shared/paths';
import type { LambdaName } from './bundling';

/**
 * The handler of an API route is the one of the same name (API_ROUTES in shared/paths.ts): read
 * by the CDK api construct and by the local server. A route without a LAMBDA_ENTRIES entry of its
 * name does not compile here.
 */
export const routeHandler = (route: ApiRouteName): LambdaName => route;

/** The handler of every other /api path or method (API_FALLBACK_ROUTE). */
export const API_FALLBACK_HANDLER: LambdaName = 'apiFallback';
