//===- ScopeTest.cpp - The analyses' persistent name scopes ---------------===//
//
// Scope (analysis/AffineExpr.h) is a persistent list with a shortcut for
// names never bound as locals; these tests pin down shadowing, snapshots
// and that shortcut, and that long chains neither copy nor recurse.
//
//===----------------------------------------------------------------------===//

#include "analysis/AffineExpr.h"

#include <gtest/gtest.h>

using namespace c2cuda;
using namespace c2cuda::analysis;

namespace {

Binding iter(unsigned Depth) {
  Binding B;
  B.K = Binding::Kind::Iter;
  B.Depth = Depth;
  return B;
}

Binding local(unsigned Id) {
  Binding B;
  B.K = Binding::Kind::Local;
  B.LocalId = Id;
  return B;
}

TEST(Scope, InnermostBindingWins) {
  Scope S;
  S.bind("i", iter(0));
  S.bind("t", local(1));
  S.bind("j", iter(1));
  S.bind("i", local(2)); // A local shadowing the iterator.
  ASSERT_NE(S.find("i"), nullptr);
  EXPECT_EQ(S.find("i")->K, Binding::Kind::Local);
  EXPECT_EQ(S.find("i")->LocalId, 2u);
  ASSERT_NE(S.find("j"), nullptr);
  EXPECT_EQ(S.find("j")->Depth, 1u);
  ASSERT_NE(S.find("t"), nullptr);
  EXPECT_EQ(S.find("t")->LocalId, 1u);
  EXPECT_EQ(S.find("n"), nullptr); // Bound outside the nest.
}

TEST(Scope, SnapshotsDoNotSeeLaterBindings) {
  Scope S;
  S.bind("i", iter(0));
  Scope Before = S;
  S.bind("t", local(1));
  Scope Branch = Before; // A sibling scope sharing the same start.
  Branch.bind("u", local(2));
  EXPECT_EQ(Before.find("t"), nullptr);
  EXPECT_EQ(Before.find("u"), nullptr);
  EXPECT_EQ(Branch.find("t"), nullptr);
  ASSERT_NE(Branch.find("u"), nullptr);
  EXPECT_EQ(S.find("u"), nullptr);
  ASSERT_NE(Before.find("i"), nullptr);
  EXPECT_EQ(Before.find("i")->K, Binding::Kind::Iter);
}

TEST(Scope, IteratorsFoundPastManyLocals) {
  Scope S;
  S.bind("i", iter(0));
  for (unsigned K = 0; K < 1000; ++K)
    S.bind("t" + std::to_string(K), local(K));
  S.bind("j", iter(1));
  ASSERT_NE(S.find("i"), nullptr);
  EXPECT_EQ(S.find("i")->Depth, 0u);
  ASSERT_NE(S.find("t0"), nullptr);
  EXPECT_EQ(S.find("t0")->LocalId, 0u);
  EXPECT_EQ(S.find("t999")->LocalId, 999u);
}

TEST(Scope, LongChainIsReleasedWithoutRecursion) {
  // A million entries: the default destructor would recurse once per entry.
  auto S = std::make_unique<Scope>();
  for (unsigned K = 0; K < 1000000; ++K)
    S->bind("t", local(K));
  EXPECT_EQ(S->find("t")->LocalId, 999999u);
  S.reset();
  SUCCEED();
}

} // namespace
