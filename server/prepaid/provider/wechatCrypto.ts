import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay v3's signatures and envelope, with node:crypto only:
 * - a request is signed RSA-SHA256 (merchant private key) over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` and sent as
 *   `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`;
 * - answers and notifications are signed by the platform key over `TIMESTAMP\nNONCE\nBODY\n` (headers Wechatpay-*);
 * - a notification's resource is AES-256-GCM with the 32-character APIv3 key (ciphertext = data ‖ 16-byte tag, base64).
 */
export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export const nonce = (): string => randomBytes(16).toString('hex');

export function requestMessage(method: string, pathWithQuery: string, timestamp: string, nonceStr: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonceStr}\n${body}\n`;
}

export function authorizationHeader(opts: {
  mchId: string;
  serialNo: string;
  privateKeyPem: string;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: string;
  nonceStr?: string;
}): string {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonceStr = opts.nonceStr ?? nonce();
  const signature = rsaSign(requestMessage(opts.method, opts.pathWithQuery, timestamp, nonceStr, opts.body), opts.privateKeyPem);
  return `${AUTH_SCHEMA} mchid="${opts.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${opts.serialNo}"`;
}

/** The fields of an Authorization header, or null when it is not the v3 schema. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const [, key, value] of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) if (key) fields[key] = value ?? '';
  return fields;
}

export const signedMessage = (timestamp: string, nonceStr: string, body: string): string => `${timestamp}\n${nonceStr}\n${body}\n`;

export interface Resource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

export function encryptResource(plain: string, apiV3Key: string, associatedData: string, originalType: string): Resource {
  const iv = randomBytes(6).toString('hex'); // 12 characters, as WeChat's nonces
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce: iv, original_type: originalType };
}

/** Throws when the key, nonce, associated data or ciphertext do not match (GCM's tag). */
export function decryptResource(resource: Resource, apiV3Key: string): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('resource too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(value) ? value[0] : value;
};
