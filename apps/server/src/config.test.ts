import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, repoRoot } from './config';

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      adminToken: undefined,
      webDist: path.join(repoRoot, 'apps/web/dist'),
      logLevel: 'info',
      trustProxy: false,
      bodyLimit: 65536,
      sessionTtlSeconds: 30 * 86400,
    });
    expect(config.rateLimits.codeEmailSeconds).toBe(60);
    expect(config.rateLimits.loginEmail).toEqual({ max: 10, windowSeconds: 900 });
    // Found from the file's location, whatever the working directory.
    expect(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).name).toBe('tradeflip');
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/tradeflip',
      DATABASE_URL: 'postgres://u:p@db:5432/tf',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'TradeFlip <no-reply@example.com>',
      ADMIN_TOKEN: 'a-long-admin-token-value',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      RATE_LIMIT_LOGIN_IP: 'off',
      RATE_LIMIT_CODE_IP: '5/60',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/tradeflip',
      databaseUrl: 'postgres://u:p@db:5432/tf',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pass@mail.example.com',
      mailFrom: 'TradeFlip <no-reply@example.com>',
      adminToken: 'a-long-admin-token-value',
      webDist: '/srv/web',
      logLevel: 'warn',
      trustProxy: 1,
    });
    expect(config.rateLimits.loginIp).toBeNull();
    expect(config.rateLimits.codeIp).toEqual({ max: 5, windowSeconds: 60 });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(parseConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () =>
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        RATE_LIMIT_LOGIN_IP: 'lots',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
      expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL must be one of');
      expect(message).toContain('RATE_LIMIT_LOGIN_IP must be "MAX/SECONDS"');
    }
    expect(() => parseConfig({ SMTP_URL: 'smtp://mail' })).toThrow(
      'MAIL_FROM is required when SMTP_URL is set',
    );
    expect(() => parseConfig({ ADMIN_TOKEN: 'short' })).toThrow('ADMIN_TOKEN must be at least 16 characters');
  });
});
