import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventStoreConnectionStringProblem } from '@punchline/eventstoredb';
import { loadCliConfig } from '../../cli';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'punchline-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults of DESIGN §10', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.eventStore).toBe('postgres');
    expect(c.storage.kind).toBe('local');
    expect(c.devSignIn).toBe(true);
    // Outside production an unset secret is the database's shared one (platform/shared-state).
    expect(c.sessionSecret).toBeUndefined();
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ EVENT_STORE: 'kafka' })).toThrow(/EVENT_STORE/);
  });

  it('reads the log signing key, the witness and the auditors of issue 27, naming a bad one', () => {
    const key = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
    const c = loadConfig({ DATA_DIR: dataDir(), LOG_SIGNING_KEY: key, CHECKPOINT_WITNESS_URL: 'https://witness.example/add', AUDITOR_EMAILS: ' Otto@Example.com, ' });
    expect(c.logSigningKey?.name).toBe('PeterNeumann');
    expect(c.checkpointWitnessUrl).toBe('https://witness.example/add');
    expect(c.auditorEmails).toEqual(['otto@example.com']);
    expect(loadConfig({ DATA_DIR: dataDir() }).logSigningKey).toBeNull();
    expect(() => loadConfig({ LOG_SIGNING_KEY: key.replace('c74f20a3', 'c74f20a4') })).toThrow(/LOG_SIGNING_KEY: its key id/);
    expect(() => loadConfig({ LOG_SIGNING_KEY: 'secret' })).toThrow(/LOG_SIGNING_KEY/);
    expect(() => loadConfig({ CHECKPOINT_WITNESS_URL: 'ftp://x.example' })).toThrow(/CHECKPOINT_WITNESS_URL/);
  });

  it('refuses production without a session secret or a Google client, naming them', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/SESSION_SECRET/);
    expect(String(error)).toMatch(/GOOGLE_CLIENT_ID/);
  });

  it('refuses development sign-in in production', () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' } as const;
    expect(loadConfig(env).devSignIn).toBe(false);
    expect(() => loadConfig({ ...env, DEV_SIGN_IN: 'true' })).toThrow(/DEV_SIGN_IN/);
  });

  it('lower-cases the fixed admin allowlist', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: ' A@x.com, b@Y.org ,' }).adminEmails).toEqual(['a@x.com', 'b@y.org']);
  });

  it('requires a connection string for EventStoreDB', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_CONNECTION_STRING/);
  });

  describe('EVENTSTORE_CONNECTION_STRING takes exactly what the EventStoreDB client accepts', () => {
    const accepted = [
      'esdb://localhost:2113?tls=false',
      'esdb://admin:changeit@eventstoredb:2113?tls=false',
      'esdb+discover://admin:changeit@cluster.example.com:2113?nodePreference=leader',
      'esdb://node1:2113,node2:2113,node3:2113?tls=true&keepAliveInterval=10000',
    ];
    const refused = [
      'kurrentdb://localhost:2113?tls=false',
      'kurrentdb+discover://localhost:2113',
      'esdb+dns://localhost:2113',
      'http://localhost:2113',
      'esdb://localhost:port',
      'esdb://localhost:2113?nodePreference=fastest',
      'esdb://localhost:2113?tls=maybe',
    ];

    it.each(accepted)('accepts %s, as the client does', (value) => {
      expect(eventStoreConnectionStringProblem(value)).toBeNull();
      expect(loadConfig({ DATA_DIR: dataDir(), EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: value }).eventStoreConnectionString).toBe(value);
      expect(loadCliConfig({ DATA_DIR: dataDir(), EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: value }).eventStoreConnectionString).toBe(value);
    });

    it.each(refused)('refuses %s at start-up, naming the variable, as the client would at the first call', (value) => {
      expect(eventStoreConnectionStringProblem(value)).not.toBeNull();
      const env = { DATA_DIR: dataDir(), EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: value };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/EVENTSTORE_CONNECTION_STRING: must be a connection string the EventStoreDB client accepts, such as esdb:\/\//);
      expect(() => loadCliConfig(env)).toThrow(/EVENTSTORE_CONNECTION_STRING: must be a connection string the EventStoreDB client accepts/);
    });

    it('docker-compose.yml and the README give connection strings it accepts', () => {
      const root = resolve(__dirname, '../../../..');
      const compose = [...readFileSync(join(root, 'docker-compose.yml'), 'utf8').matchAll(/EVENTSTORE_CONNECTION_STRING: (\S+)/g)].map((m) => m[1]);
      const readme = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/EVENTSTORE_CONNECTION_STRING='([^']+)'/g)].map((m) => m[1]);
      expect(compose).toEqual(['esdb://eventstoredb:2113?tls=false']);
      expect(readme.length).toBeGreaterThanOrEqual(2);
      for (const value of [...compose, ...readme]) {
        expect(loadConfig({ DATA_DIR: dataDir(), EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: value }).eventStoreConnectionString).toBe(value);
      }
    });

    it("passes on the client's own reason", () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), EVENTSTORE_CONNECTION_STRING: 'kurrentdb://localhost:2113' })).toThrow(/expected esdb:\/\/ or esdb\+discover:\/\//);
    });
  });
});
