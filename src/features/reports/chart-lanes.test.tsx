import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChartLanes } from './chart-lanes.tsx';

describe('useChartLanes', () => {
  it('draws no lane for a row gone from the data (recharts may draw the old rows once more)', () => {
    const bars = ['Quill catalogue'];
    const describeBar = vi.fn((i: number) => `${bars[i]!}: 4 hours`);
    const { result } = renderHook(() => useChartLanes(bars.length, describeBar));
    const shape = { x: 0, y: 0, width: 10, height: 10 };
    expect(result.current.lane({ ...shape, index: 0 })).not.toBeNull();
    expect(() => result.current.lane({ ...shape, index: 2 })).not.toThrow();
    expect(result.current.lane({ ...shape, index: 2 })).toBeNull();
    expect(describeBar).toHaveBeenCalledTimes(1);
  });
});
