import { describe, expect, it } from 'vitest';
import { projects, services } from './content';
import { kindOf } from './imagery';

describe('sample content pictures', () => {
  it('gives no service a room that a project shows', () => {
    const projectRooms = new Set(projects.flatMap((p) => p.images).filter((s) => kindOf(s) === 'interior'));
    const serviceRooms = services.map((s) => s.image).filter((s) => kindOf(s) === 'interior');
    expect(serviceRooms.length).toBeGreaterThan(0);
    for (const room of serviceRooms) expect(projectRooms).not.toContain(room);
  });

  it('shows the Namiwawa house on its slope first', () => {
    const house = projects.find((p) => p.title === 'Namiwawa Hillside House');
    expect(house?.description).toMatch(/eight metres/);
    expect(house?.images[0]).toBe('hillside');
  });
});
