import { Inject, Injectable } from '@nestjs/common';
import type { SecretBox } from '@berth/auth';
import { effectiveProcessingMode, isStored, OptionChanged, OptionChangedV1 } from '@berth/contracts';
import { currentWork } from '@berth/messaging';
import type { OutboxMessage } from '@berth/runtime';
import { optionConflict, optionNotEditable, optionNotFound } from '../domain/option-errors';
import { optionId, OptionScope, scopeOwner, scopeTenant } from '../domain/option-scope';
import { isSecretKey } from '../domain/secret-readers';
import { OptionDocument } from '../infrastructure/option.document';
import { OptionRepository } from '../infrastructure/option.repository';
import { SECRET_BOX } from '../infrastructure/secret-box.provider';

const ATTEMPTS = 5;

export type OptionChange =
  | { kind: 'put'; value: string }
  | { kind: 'delete' }
  | { kind: 'editable'; editable: boolean };

/**
 * The one way options change: reads the option, refuses a locked one (403) or a missing one
 * (404, for delete and lock), seals secrets, and writes the new state with its OptionChanged
 * event in one single-document write, retrying when another write got there first (409 after
 * five tries). In processing mode TRANSIENT it only publishes the event and stores nothing.
 */
@Injectable()
export class OptionWriter {
  constructor(private readonly repository: OptionRepository, @Inject(SECRET_BOX) private readonly box: SecretBox) {}

  /** Checks, before anything is written, that the owner may change these keys (403 on a locked one). */
  async assertEditable(scope: OptionScope, category: string, keys: string[]): Promise<void> {
    for (const key of keys) {
      const doc = await this.repository.find(optionId(scope, category, key));
      if (doc && !doc.deleted && !doc.editable) throw optionNotEditable(category, key);
    }
  }

  /** @returns the option's state after the change (not stored in TRANSIENT mode). */
  async apply(scope: OptionScope, category: string, key: string, change: OptionChange): Promise<OptionDocument> {
    const id = optionId(scope, category, key);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const previous = await this.repository.find(id);
      const live = previous && !previous.deleted ? previous : null;
      if (change.kind !== 'put' && !live) throw optionNotFound(category, key);
      if (change.kind !== 'editable' && live && !live.editable) throw optionNotEditable(category, key);
      const next = this.nextState(scope, category, key, live, previous, change);
      const kind: OptionChangedV1['change'] = change.kind === 'delete' ? 'deleted' : live ? 'updated' : 'created';
      if (!isStored(effectiveProcessingMode(currentWork()?.processingMode ?? 'PERSISTENT', false))) {
        await this.repository.notify(this.message(scope, { ...next, version: previous?.version ?? 0 }, kind, change));
        return next;
      }
      if (await this.repository.save(next, previous, this.message(scope, next, kind, change))) return next;
    }
    throw optionConflict(category, key);
  }

  private nextState(scope: OptionScope, category: string, key: string, live: OptionDocument | null, previous: OptionDocument | null, change: OptionChange): OptionDocument {
    const id = optionId(scope, category, key);
    const base = {
      _id: id, owner: scopeOwner(scope), category, key, editable: live?.editable ?? true, deleted: false,
      version: (previous?.version ?? 0) + 1, updatedAt: new Date(),
    };
    if (change.kind === 'delete') return { ...base, deleted: true };
    if (change.kind === 'editable') return { ...live!, ...base, editable: change.editable };
    return isSecretKey(key) ? { ...base, sealed: this.box.seal(change.value, id) } : { ...base, value: change.value };
  }

  private message(scope: OptionScope, doc: OptionDocument, change: OptionChangedV1['change'], cause: OptionChange): OutboxMessage<OptionChangedV1> {
    const secret = isSecretKey(doc.key);
    const payload: OptionChangedV1 = {
      category: doc.category, key: doc.key, change, scope: scope.kind, editable: doc.editable,
      ...(secret ? { encrypted: true } : {}),
      ...(!secret && cause.kind !== 'delete' && doc.value !== undefined ? { value: doc.value } : {}),
    };
    return { contract: OptionChanged, fields: { tenantId: scopeTenant(scope), aggregateId: doc._id, aggregateVersion: doc.version, payload } };
  }
}
