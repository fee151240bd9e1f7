import { describe, expect, it } from 'vitest';
import { nativeApiUrlProblem } from '@/config/native-build';

describe('a native build’s API address', () => {
  it('is refused when unset, blank or relative (the app’s origin is its own bundle)', () => {
    expect(nativeApiUrlProblem(undefined)).toMatch(/VITE_API_URL is not set/);
    expect(nativeApiUrlProblem('  ')).toMatch(/VITE_API_URL is not set/);
    expect(nativeApiUrlProblem('/api')).toMatch(/"\/api".*absolute address/);
    expect(nativeApiUrlProblem('api.linkup.app/api')).toMatch(/absolute address/);
    expect(nativeApiUrlProblem('https:///api')).toMatch(/absolute address/);
  });

  it('accepts an absolute http(s) address (http for an emulator talking to a dev machine)', () => {
    expect(nativeApiUrlProblem('https://linkup.example.com/api')).toBeNull();
    expect(nativeApiUrlProblem('http://10.0.2.2:8080/api')).toBeNull();
  });
});
