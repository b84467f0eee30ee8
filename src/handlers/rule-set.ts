// Rules of the operations that have some of their own, by operationId: what each checks or does
// beyond the convention of its shape, in words (the banner, the dashboard and the control API
// show them), and the handler made for the contract being served.
import type { HandlerDependencies, OperationHandler, OperationId } from './handler-types.js';

export type Rule = {
  /** The collections its rules work on, its own records' first: the contract must describe every one. */
  over: readonly string[];
  /** The rules, in words: what the operation checks and does beyond storing its body. */
  rules: string;
  answer(deps: HandlerDependencies): OperationHandler;
};

export type RuleSet = Partial<Record<OperationId, Rule>>;
