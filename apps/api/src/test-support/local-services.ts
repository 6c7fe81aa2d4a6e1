/**
 * The settings of a test app whose tenants configure services the test runs on this machine (an
 * SMTP server, an S3 server, an SMS endpoint, a database on 127.0.0.1): the operator's allow-list
 * lets tenant-chosen addresses reach loopback, which the server refuses otherwise (decision 209).
 */
export const LOCAL_SERVICES: Record<string, string> = { OUTBOUND_ALLOW: '127.0.0.0/8,::1/128' };
