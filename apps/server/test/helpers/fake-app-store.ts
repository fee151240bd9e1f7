import { execFileSync } from 'node:child_process';
import { createPrivateKey, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A certificate chain shaped like Apple's (root CA → intermediate with Apple's WWDR extension
 * 1.2.840.113635.100.6.2.1 → leaf with the App Store receipt-signing extension
 * 1.2.840.113635.100.6.11.1), made with openssl for one test run, and JWS signed with its leaf
 * (ES256, `x5c` = leaf, intermediate, root) as the App Store signs transactions and notifications.
 * The server verifies them with the real SignedDataVerifier against the test root.
 */
export interface TestAppStoreChain {
  /** The root certificate (DER), what the server is configured to trust. */
  rootDer: Buffer;
  /** A path to the root (DER), as APPLE_ROOT_CERTIFICATES takes it. */
  rootPath: string;
  /** Signs a payload as the App Store does. */
  sign(payload: object): string;
  remove(): void;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** Makes a chain: `name` tells two chains apart (a foreign chain must not verify against the other's root). */
export function makeAppStoreChain(name = 'Test'): TestAppStoreChain {
  const dir = mkdtempSync(join(tmpdir(), 'linkup-appstore-'));
  writeFileSync(join(dir, 'ext.cnf'), [
    '[req]', 'distinguished_name=dn', '[dn]', '',
    '[root]', 'basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign', 'subjectKeyIdentifier=hash', '',
    '[intermediate]', 'basicConstraints=critical,CA:TRUE,pathlen:0', 'keyUsage=critical,keyCertSign,cRLSign', '1.2.840.113635.100.6.2.1=ASN1:NULL', '',
    '[leaf]', 'basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature', '1.2.840.113635.100.6.11.1=ASN1:NULL', '',
  ].join('\n'));
  const key = (file: string) => openssl(dir, ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file]);
  key('root.key');
  key('intermediate.key');
  key('leaf.key');
  openssl(dir, ['req', '-new', '-x509', '-key', 'root.key', '-subj', `/CN=${name} Root CA`, '-days', '3650', '-extensions', 'root', '-config', 'ext.cnf', '-out', 'root.pem']);
  openssl(dir, ['req', '-new', '-key', 'intermediate.key', '-subj', `/CN=${name} WWDR Intermediate`, '-out', 'intermediate.csr']);
  openssl(dir, ['x509', '-req', '-in', 'intermediate.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-days', '3650', '-extfile', 'ext.cnf', '-extensions', 'intermediate', '-out', 'intermediate.pem']);
  openssl(dir, ['req', '-new', '-key', 'leaf.key', '-subj', `/CN=${name} App Store Signing`, '-out', 'leaf.csr']);
  openssl(dir, ['x509', '-req', '-in', 'leaf.csr', '-CA', 'intermediate.pem', '-CAkey', 'intermediate.key', '-CAcreateserial', '-days', '3650', '-extfile', 'ext.cnf', '-extensions', 'leaf', '-out', 'leaf.pem']);

  const der = (file: string) => new X509Certificate(readFileSync(join(dir, file))).raw;
  const chain = ['leaf.pem', 'intermediate.pem', 'root.pem'].map((file) => der(file).toString('base64'));
  const rootDer = der('root.pem');
  const rootPath = join(dir, 'root.cer');
  writeFileSync(rootPath, rootDer);
  const leafKey: KeyObject = createPrivateKey(readFileSync(join(dir, 'leaf.key')));

  return {
    rootDer,
    rootPath,
    sign(payload: object): string {
      const header = Buffer.from(JSON.stringify({ alg: 'ES256', x5c: chain })).toString('base64url');
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = sign('sha256', Buffer.from(`${header}.${body}`), { key: leafKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
      return `${header}.${body}.${signature}`;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
