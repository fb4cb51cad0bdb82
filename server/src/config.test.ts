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

  it('keeps the SMS outbox and the test card processor outside production, quietly', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.isSmsOutboxEnabled).toBe(true);
    expect(config.isTestPaymentsEnabled).toBe(true);
    expect(config.warnings).toEqual([]);
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/send' }).isSmsOutboxEnabled).toBe(
      false,
    );
  });

  it('refuses a production start that cannot deliver mail, naming the settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: needed in production.*DEV_OUTBOX=1/,
    );
  });

  it('in production has no dev outbox, SMS outbox or test card processor unless named', () => {
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' });
    expect(config.isDevOutboxEnabled).toBe(false);
    expect(config.isSmsOutboxEnabled).toBe(false);
    expect(config.isTestPaymentsEnabled).toBe(false);
    expect(config.isClockMovable).toBe(false);
    expect(config.warnings.join('\n')).toMatch(/SMS_GATEWAY_URL is not set/);
    expect(config.warnings.join('\n')).toMatch(/card payments are off/);
    expect(config.warnings.join('\n')).not.toMatch(/DEV_OUTBOX|TEST_PAYMENTS|DEV_CLOCK/);
  });

  it('in production turns each on only by name, with a warning saying what it exposes', () => {
    const config = loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1', TEST_PAYMENTS: '1' });
    expect(config.isDevOutboxEnabled).toBe(true);
    expect(config.isSmsOutboxEnabled).toBe(true);
    expect(config.isTestPaymentsEnabled).toBe(true);
    expect(config.warnings).toHaveLength(2);
    expect(config.warnings[0]).toMatch(/DEV_OUTBOX=1 in production.*\/dev\/outbox\.json/);
    expect(config.warnings[1]).toMatch(/TEST_PAYMENTS=1 in production.*4242 4242 4242 4242/);
    const withClock = loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1', DEV_CLOCK: '1' });
    expect(withClock.isClockMovable).toBe(true);
    expect(withClock.warnings.join('\n')).toMatch(/DEV_CLOCK=1 in production.*\/dev\/clock/);
    // Stripe, when configured, is the processor; the test one never stands in for it.
    const withStripe = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:587',
      TEST_PAYMENTS: '1',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(withStripe.isTestPaymentsEnabled).toBe(false);
    expect(withStripe.stripe).toBeDefined();
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
