import { describe, expect, it } from 'vitest';
import { lectureStoreSettings } from './lectureStorage';

/** MEDIA_STORE and S3_*: the file store unless S3 is asked for, and a half-configured S3 stops the start. */
describe('lectureStoreSettings', () => {
  it('is the file store by default and for MEDIA_STORE=file', () => {
    expect(lectureStoreSettings({})).toEqual({ kind: 'file' });
    expect(lectureStoreSettings({ MEDIA_STORE: 'file', S3_BUCKET: 'ignored' })).toEqual({ kind: 'file' });
  });

  it('reads a bucket at an S3-compatible endpoint with its keys and path-style addressing', () => {
    const env = {
      MEDIA_STORE: 'S3',
      S3_BUCKET: 'lectures',
      S3_ENDPOINT: 'https://s3.example.kr',
      S3_REGION: 'ap-northeast-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(lectureStoreSettings(env)).toEqual({
      kind: 's3',
      bucket: 'lectures',
      region: 'ap-northeast-2',
      endpoint: 'https://s3.example.kr',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
    });
  });

  it('on AWS itself leaves the endpoint, the keys (an instance role) and the region default to the SDK and us-east-1', () => {
    expect(lectureStoreSettings({ MEDIA_STORE: 's3', S3_BUCKET: 'lectures' })).toEqual({
      kind: 's3',
      bucket: 'lectures',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses what cannot work: another store, no bucket, a bad endpoint, one key without the other', () => {
    expect(() => lectureStoreSettings({ MEDIA_STORE: 'gcs' })).toThrow(/MEDIA_STORE must be file or s3/);
    expect(() => lectureStoreSettings({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => lectureStoreSettings({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 's3.example.kr' })).toThrow(/S3_ENDPOINT/);
    expect(() => lectureStoreSettings({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
