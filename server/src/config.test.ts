import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.allowedOrigins).toEqual(['http://localhost:3000']);
    expect(config.isDevOutboxEnabled).toBe(true);
    expect(config.s3).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('turns the dev outbox off when SMTP is configured, unless asked', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail:587' }).isDevOutboxEnabled).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:587', DEV_OUTBOX: '1' }).isDevOutboxEnabled).toBe(
      true,
    );
  });

  it('stops with a list of every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });
});
