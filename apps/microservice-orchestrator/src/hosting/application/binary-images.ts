import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import { HostingStore } from '../infrastructure/hosting.store';
import { RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/** The repository binaries' images are loaded into. */
const REPOSITORY = 'localhost/berth-binary';

/** The image a binary runs as: `localhost/berth-binary:<binaryId>`. */
export const binaryImage = (binaryId: string): string => `${REPOSITORY}:${binaryId}`;

/**
 * Removes the images of binaries no application needs any more (docs/hosting.md#images): those of
 * deleted applications whose binaries no live application nor deployment uses. An image of a binary
 * the orchestrator never knew is left alone: it may be another stack's on the same engine. An image
 * an instance still uses is refused by the engine, logged, and tried again at the next sweep.
 */
@Injectable()
export class BinaryImages {
  constructor(
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly store: HostingStore,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  /** One sweep; resolves to whether every image no longer needed is gone. */
  async sweep(): Promise<boolean> {
    // The engine first: an image it lists now was loaded for a binary the projection already knows.
    const images = await this.driver.images(REPOSITORY);
    const { known, needed } = await this.store.binaryUse();
    let clean = true;
    for (const ref of images) {
      const binaryId = ref.slice(REPOSITORY.length + 1);
      if (!known.has(binaryId) || needed.has(binaryId)) continue;
      if (await this.driver.removeImage(ref)) this.logger.info({ image: ref }, 'image of a binary no longer needed removed');
      else {
        this.logger.warn({ image: ref }, 'the engine keeps an image no longer needed: an instance uses it; the next sweep tries again');
        clean = false;
      }
    }
    return clean;
  }
}
