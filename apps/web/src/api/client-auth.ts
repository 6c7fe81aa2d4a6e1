import { appConfig } from '../config';

/** The OAuth client header every request carries: Basic base64(clientId:clientSecret). */
export const basicAuthorization = `Basic ${btoa(`${appConfig.clientId}:${appConfig.clientSecret}`)}`;
