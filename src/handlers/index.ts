// How each operation of the contract being served is answered: by the rules written for it here
// (by operationId), else by the convention of its shape (a collection's list or create, an
// item's read, replace, merge or delete, a singleton's read, replace or merge), else from its
// examples or its schema. No operation is
// left without an answer: a draft's new operations need no code.
import type { components } from '../generated/control.js';
import { loadContract, type OperationInfo } from '../openapi/load-contract.js';
import { describeOperation, gapsOf } from '../openapi/operation-summary.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { ownValue } from '../store/own-keys.js';
import { CATEGORY_RULES } from './categories.js';
import { answerNarrowingOf } from './convention/answer-narrowing.js';
import { answerByConvention } from './convention/conventions.js';
import { answerFromExamples } from './convention/from-examples.js';
import { recordBodyTypeGuardOf } from './convention/record-body-type.js';
import { answerSingleton } from './convention/singleton-answers.js';
import type { ContractContext, HandlerDependencies, OperationHandler, PlannedAnswer } from './handler-types.js';
import { INVENTORY_RULES } from './inventory.js';
import { ORDER_RULES } from './orders.js';
import { PET_RULES } from './pets.js';
import type { Rule, RuleSet } from './rule-set.js';

const RULES: RuleSet = { ...PET_RULES, ...CATEGORY_RULES, ...ORDER_RULES, ...INVENTORY_RULES };

/** How an operation of the contract is answered, as the banner, the dashboard and GET /__mock/operations tell it. */
export type AnswerDescription = components['schemas']['OperationAnswer'];

type AnswerKind = Exclude<AnswerDescription['answeredBy'], 'upstream'>;

/** Every operation's answer, planned once per contract: each world makes its handlers from it. */
export type AnswerPlan = {
  descriptions: readonly AnswerDescription[];
  /** The handler of every operation, over one world's data. */
  handlersOf(deps: HandlerDependencies): ReadonlyMap<string, OperationHandler>;
  /** What the start warns of: each write whose request takes values its answers refuse. */
  warnings: readonly string[];
};

/**
 * An operation's path, parameters unnamed, and the success statuses it declares: "/pets/by-id/{}
 * 200". Its method is left out: a draft that only changes one (updatePet by PATCH) keeps the
 * rules its checks hold it to. Another API's createCategory at POST /categories that answers 200
 * is its own: the rules answer 201.
 */
const placeOf = (operation: Pick<OperationInfo, 'path' | 'responses'>) =>
  [
    operation.path.replace(/\{[^}]*\}/g, '{}'),
    ...[...operation.responses.keys()].filter((status) => /^2\d\d$/.test(status)).sort(),
  ].join(' ');

let petStorePlaces: ReadonlyMap<string, string> | undefined;

/**
 * Whether the contract has an operation at the path where the Pet Store has the one its rules
 * were written for: another API's createCategory (POST /categories.json) is its own, answered by
 * its shape.
 */
function atPetStorePlace(operation: OperationInfo): boolean {
  petStorePlaces ??= new Map(
    loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE).operations.map((own) => [
      own.operationId,
      placeOf(own),
    ]),
  );
  return petStorePlaces.get(operation.operationId) === placeOf(operation);
}

// An operation named constructor or __proto__ has no rule: only the rules' own names are read.
const ruleOf = (operationId: string): Rule | undefined => ownValue(RULES, operationId) as Rule | undefined;

function plan(context: ContractContext, operation: OperationInfo): [AnswerKind, PlannedAnswer] {
  const rule = ruleOf(operation.operationId);
  const lacking = rule?.over.filter((name) => !context.resources.resources.has(name)) ?? [];
  if (rule && lacking.length === 0 && atPetStorePlace(operation))
    return ['rules', { how: rule.rules, make: (deps) => rule.answer(deps) }];
  const shape = context.resources.shapes.get(operation.operationId);
  const byShape = shape?.resource.singleton ? answerSingleton : answerByConvention;
  const [kind, answer]: [AnswerKind, PlannedAnswer] = shape
    ? ['convention', byShape(context, operation, shape)]
    : ['examples', answerFromExamples(context, operation)];
  // A collection its rules work on is gone from its path (a draft renamed /store/orders or /pets):
  // answered as any other operation of its shape.
  if (!rule || lacking.length === 0) return [kind, answer];
  return [
    kind,
    {
      ...answer,
      how: `${answer.how} (not by its rules: they work on ${lacking.join(' and ')}, which the contract no longer has)`,
    },
  ];
}

/**
 * The collections of the Pet Store's format that the Pet Store's rules work on in this contract:
 * those of an operation answered by its rules. Another API's `/pets` or `/orders` is its own
 * collection, drawn from its schema, never the Pet Store's fixtures.
 */
export function ruledCollections(context: ContractContext): Set<string> {
  const ruled = new Set<string>();
  for (const operation of context.contract.operations) {
    const over = ruleOf(operation.operationId)?.over ?? [];
    if (over.every((name) => context.resources.resources.has(name)) && atPetStorePlace(operation))
      for (const name of over) ruled.add(name);
  }
  return ruled;
}

export function planAnswers(context: ContractContext): AnswerPlan {
  const planned = context.contract.operations.map((operation) => ({
    operation,
    answer: plan(context, operation),
    narrowing: answerNarrowingOf(context, operation),
    bodyType: recordBodyTypeGuardOf(context, operation),
  }));
  const guarded = (
    handler: OperationHandler,
    guards: ReadonlyArray<((inner: OperationHandler) => OperationHandler) | undefined>,
  ) => guards.reduce((inner, guard) => (guard ? guard(inner) : inner), handler);
  return {
    descriptions: planned.map(({ operation, answer: [answeredBy, { how, mayAnswer }] }) => ({
      ...describeOperation(operation, context.contract.document),
      answeredBy,
      how,
      // The Pet Store's rules answer what its contract declares: its gaps are the contract's own checks'.
      gaps: answeredBy === 'rules' ? [] : gapsOf(operation, mayAnswer ?? []),
    })),
    handlersOf: (deps) =>
      new Map(
        // The body held to the record's schema first, then to what its answers take.
        planned.map(({ operation, answer: [, { make }], narrowing, bodyType }) => [
          operation.operationId,
          guarded(make(deps), [narrowing?.guard, bodyType]),
        ]),
      ),
    warnings: planned.flatMap(({ narrowing }) => (narrowing ? [narrowing.warning] : [])),
  };
}
