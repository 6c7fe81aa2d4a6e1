import { MSG, fill, type Lang, type Text } from '@alumni/domain';

/** A failure the client is told about: the envelope code, a text in both languages, optional data. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly text: Text,
    readonly values: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(fill(text.en, values));
  }

  messageIn(lang: Lang): string {
    return fill(this.text[lang], this.values);
  }
}

export const badRequest = (text: Text, values?: Record<string, string | number>, data?: unknown) =>
  new AppError(400, text, values, data);
export const unauthorized = (text: Text = MSG.unauthorized) => new AppError(401, text);
export const forbidden = () => new AppError(403, MSG.forbidden);
export const notFound = () => new AppError(404, MSG.notFound);

/** A 400 naming the fields a form should mark. */
export const invalidFields = (errors: Record<string, string>) =>
  new AppError(400, { zh: Object.values(errors).join('; '), en: Object.values(errors).join('; ') }, {}, { errors });
