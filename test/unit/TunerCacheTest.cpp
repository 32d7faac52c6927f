//===- TunerCacheTest.cpp - The JSON Lines result cache -------------------===//

#include "tuner/ResultCache.h"
#include "tuner/Subprocess.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace c2cuda::tuner;

namespace {

class TunerCache : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tuner-cache", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string file(const char *Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  static Evaluation eval(const std::string &Id, double Ms) {
    Evaluation E;
    E.Key = "key-" + Id;
    E.VariantId = Id;
    E.Role = "candidate";
    E.Status = EvalStatus::Ok;
    E.Time.SamplesMs = {Ms};
    E.Time.summarize();
    return E;
  }
  static void appendRaw(const std::string &Path, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Append);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  llvm::SmallString<128> Dir;
};

Bundle bundle() {
  Bundle B;
  B.SourceSha256 = "00ff";
  B.Function = "f";
  B.Sizes = {{"N", 4096}};
  Variant V;
  V.Id = "v1";
  V.Schedule = {{"tile", {{"i", 64}, {"j", 32}}}};
  V.Source = "variants/v1.cu";
  B.Variants = {V};
  return B;
}

TEST_F(TunerCache, KeyCoversScheduleSizesGpuToolkitRole) {
  Bundle B = bundle();
  const Variant &V = B.Variants[0];
  std::string K = ResultCache::key(B, V, "H100", "13.0");
  EXPECT_EQ(K.size(), 64u); // SHA-256, hex.
  EXPECT_EQ(K, ResultCache::key(B, V, "H100", "13.0"));

  // The id and the parameters are not part of the key; the schedule is.
  Variant Same = V;
  Same.Id = "v9";
  Same.Params = {{"x", 1}};
  EXPECT_EQ(K, ResultCache::key(B, Same, "H100", "13.0"));
  Variant Other = V;
  Other.Schedule["tile"]["j"] = 64;
  EXPECT_NE(K, ResultCache::key(B, Other, "H100", "13.0"));
  Other = V;
  Other.NvccFlags = {"-maxrregcount=64"};
  EXPECT_NE(K, ResultCache::key(B, Other, "H100", "13.0"));
  Other = V;
  Other.Role = "plain";
  EXPECT_NE(K, ResultCache::key(B, Other, "H100", "13.0"));
  Other.Role = "default"; // The default is the candidate of its schedule.
  EXPECT_EQ(K, ResultCache::key(B, Other, "H100", "13.0"));

  EXPECT_NE(K, ResultCache::key(B, V, "H200", "13.0"));
  EXPECT_NE(K, ResultCache::key(B, V, "H100", "12.8"));
  Bundle B2 = B;
  B2.Sizes["N"] = 2048;
  EXPECT_NE(K, ResultCache::key(B2, V, "H100", "13.0"));
  B2 = B;
  B2.SourceSha256 = "00fe";
  EXPECT_NE(K, ResultCache::key(B2, V, "H100", "13.0"));
  B2 = B;
  B2.Nest = 1;
  EXPECT_NE(K, ResultCache::key(B2, V, "H100", "13.0"));
}

TEST_F(TunerCache, AppendThenLoad) {
  std::string P = file("cache.jsonl");
  std::vector<std::string> Notes;
  std::string Err;
  ResultCache C;
  ASSERT_TRUE(C.load(P, Notes, Err)) << Err; // Missing file: empty.
  EXPECT_EQ(C.size(), 0u);
  ASSERT_TRUE(C.append(eval("a", 1.5), Err)) << Err;
  ASSERT_TRUE(C.append(eval("b", 2.5), Err)) << Err;
  EXPECT_NE(C.lookup("key-a"), nullptr);

  std::string Text = readTextFile(P);
  EXPECT_EQ(std::count(Text.begin(), Text.end(), '\n'), 2);

  ResultCache D;
  ASSERT_TRUE(D.load(P, Notes, Err)) << Err;
  EXPECT_TRUE(Notes.empty());
  ASSERT_EQ(D.size(), 2u);
  ASSERT_NE(D.lookup("key-b"), nullptr);
  EXPECT_DOUBLE_EQ(D.lookup("key-b")->Time.MedianMs, 2.5);
  EXPECT_EQ(D.lookup("key-c"), nullptr);
}

TEST_F(TunerCache, TruncatedLastLineIgnoredWithNote) {
  std::string P = file("cache.jsonl");
  std::string Err;
  std::vector<std::string> Notes;
  {
    ResultCache C;
    ASSERT_TRUE(C.load(P, Notes, Err));
    ASSERT_TRUE(C.append(eval("a", 1), Err)) << Err;
  }
  // A kill in the middle of writing the second line.
  std::string Line = cacheLine(eval("b", 2));
  appendRaw(P, Line.substr(0, Line.size() / 2));

  ResultCache C;
  ASSERT_TRUE(C.load(P, Notes, Err)) << Err;
  EXPECT_EQ(C.size(), 1u);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find(":2: truncated line ignored"), std::string::npos)
      << Notes[0];

  // The next append starts a line of its own: both it and the first load.
  ASSERT_TRUE(C.append(eval("c", 3), Err)) << Err;
  Notes.clear();
  ResultCache D;
  ASSERT_TRUE(D.load(P, Notes, Err)) << Err;
  EXPECT_EQ(D.size(), 2u);
  EXPECT_NE(D.lookup("key-a"), nullptr);
  EXPECT_NE(D.lookup("key-c"), nullptr);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find(":2: unparsable line ignored"), std::string::npos)
      << Notes[0];
}

TEST_F(TunerCache, LaterLineWins) {
  std::string P = file("cache.jsonl");
  std::string Err;
  std::vector<std::string> Notes;
  ResultCache C;
  ASSERT_TRUE(C.load(P, Notes, Err));
  ASSERT_TRUE(C.append(eval("a", 1), Err));
  ASSERT_TRUE(C.append(eval("a", 4), Err));
  ResultCache D;
  ASSERT_TRUE(D.load(P, Notes, Err));
  ASSERT_EQ(D.size(), 1u);
  EXPECT_DOUBLE_EQ(D.lookup("key-a")->Time.MedianMs, 4);
}

TEST_F(TunerCache, MergeAddsMissingKeysOnly) {
  std::string From = file("gpu.jsonl"), Into = file("local.jsonl");
  std::string Err;
  std::vector<std::string> Notes;
  {
    ResultCache F, I;
    ASSERT_TRUE(F.load(From, Notes, Err));
    ASSERT_TRUE(I.load(Into, Notes, Err));
    ASSERT_TRUE(F.append(eval("a", 1), Err));
    ASSERT_TRUE(F.append(eval("b", 2), Err));
    ASSERT_TRUE(F.append(eval("c", 3), Err));
    ASSERT_TRUE(I.append(eval("b", 9), Err));
  }
  size_t Added = 0;
  ASSERT_TRUE(mergeCacheFile(From, Into, Added, Notes, Err)) << Err;
  EXPECT_EQ(Added, 2u);
  ResultCache M;
  ASSERT_TRUE(M.load(Into, Notes, Err));
  EXPECT_EQ(M.size(), 3u);
  // The local result is kept.
  EXPECT_DOUBLE_EQ(M.lookup("key-b")->Time.MedianMs, 9);
  // Merging again adds nothing.
  ASSERT_TRUE(mergeCacheFile(From, Into, Added, Notes, Err)) << Err;
  EXPECT_EQ(Added, 0u);
  EXPECT_FALSE(mergeCacheFile(file("none.jsonl"), Into, Added, Notes, Err));
}

} // namespace
