/** A call that failed: the envelope code, the readable message and the envelope's data. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Field messages a validation failure carries in `data.errors`. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null) return {};
  const errors = (err.data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
