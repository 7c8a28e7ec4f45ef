// Maps a method and path to a named route. Path parameters stay percent-encoded here: splitting on
// "/" before decoding is what lets an operation number contain an encoded "/".

export type RouteName =
  | 'listPaymentMethodTypes'
  | 'openSession'
  | 'createOperation'
  | 'getOperation'
  | 'capture';

export type OperationKey = { shopId: string; operationNumber: string };

export type RouteMatch =
  | { kind: 'route'; route: 'listPaymentMethodTypes' | 'openSession' | 'createOperation' }
  | { kind: 'route'; route: 'getOperation' | 'capture'; params: OperationKey }
  | { kind: 'method_not_allowed'; allow: string }
  | { kind: 'not_found' };

type RouteSpec = {
  route: RouteName;
  method: 'GET' | 'POST';
  /** Literal segments; `null` marks the shopId and operationNumber parameters, in that order. */
  segments: readonly (string | null)[];
};

const API = ['api', 'v1', 'agents'];

const ROUTES: readonly RouteSpec[] = [
  { route: 'listPaymentMethodTypes', method: 'GET', segments: [...API, 'payment-method-types'] },
  { route: 'openSession', method: 'POST', segments: [...API, 'sessions'] },
  { route: 'createOperation', method: 'POST', segments: [...API, 'operations'] },
  { route: 'getOperation', method: 'GET', segments: [...API, 'operations', null, null] },
  { route: 'capture', method: 'POST', segments: ['sandbox', 'operations', null, null, 'capture'] },
];

export function matchRoute(method: string, pathname: string): RouteMatch {
  const segments = pathname.split('/').slice(1);
  const allowed: string[] = [];
  for (const spec of ROUTES) {
    const params = matchSegments(spec.segments, segments);
    if (!params) continue;
    if (spec.method !== method) {
      allowed.push(spec.method);
      continue;
    }
    if (spec.route === 'getOperation' || spec.route === 'capture') {
      const [shopId = '', operationNumber = ''] = params;
      return { kind: 'route', route: spec.route, params: { shopId, operationNumber } };
    }
    return { kind: 'route', route: spec.route };
  }
  return allowed.length > 0
    ? { kind: 'method_not_allowed', allow: allowed.join(', ') }
    : { kind: 'not_found' };
}

function matchSegments(pattern: readonly (string | null)[], actual: readonly string[]): string[] | null {
  if (pattern.length !== actual.length) return null;
  const params: string[] = [];
  for (const [i, expected] of pattern.entries()) {
    const segment = actual[i] ?? '';
    if (expected === null) {
      if (segment === '') return null;
      params.push(segment);
    } else if (segment !== expected) {
      return null;
    }
  }
  return params;
}
