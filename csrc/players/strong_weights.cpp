#include "players/strong_weights.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "kernel/rules.hpp"

namespace baloot {

namespace {

constexpr const char* kHeader = "baloot-strong-weights 2";

struct Table {
  const char* name;
  double* values;
  int size;
};

class Reader {
 public:
  Reader(std::istream& in, const std::string& path) : in_(in), path_(path) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw RuleError("strong player weights " + path_ + ": " + what + " (reinstall baloot, or run training/train_strong.py and training/train_play.py)");
  }

  // The next word, past comments (from # to the end of the line).
  std::string word(const char* expected_what) {
    std::string w;
    while (in_ >> w && w[0] == '#') in_.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    if (!in_) fail(std::string("ends before ") + expected_what);
    return w;
  }

  void table(const Table& t) {
    if (word(t.name) != t.name) fail(std::string("expected the table ") + t.name);
    const std::string size = word("a table size");
    if (size != std::to_string(t.size)) fail(std::string("table ") + t.name + " has " + size + " values, not " + std::to_string(t.size));
    for (int i = 0; i < t.size; ++i) {
      const std::string text = word("a value");
      char* end = nullptr;
      const double value = std::strtod(text.c_str(), &end);
      if (end != text.c_str() + text.size() || !std::isfinite(value))
        fail(std::string("value ") + std::to_string(i) + " of " + t.name + " is not a finite number: " + text);
      t.values[i] = value;
    }
  }

 private:
  std::istream& in_;
  const std::string& path_;
};

}  // namespace

StrongWeights read_strong_weights(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw RuleError("strong player weights " + path + ": no such file or not readable (reinstall baloot)");
  std::stringstream text;
  text << file.rdbuf();
  std::istringstream in(text.str());
  Reader reader(in, path);
  std::string header;
  if (!std::getline(in, header) || header != kHeader) reader.fail(std::string("does not begin with \"") + kHeader + "\"");
  StrongWeights w;
  const Table tables[] = {
      {"hokum_trump", w.hokum_trump, 256},
      {"hokum_side", w.hokum_side, 256},
      {"sun", w.sun, 256},
      {"hokum_base", &w.hokum_base[0][0], 2 * kNumSeats},
      {"sun_base", &w.sun_base[0][0], 2 * kNumSeats},
      {"ashkal_base", &w.ashkal_base[0][0], 2 * kNumSeats},
      {"ashkal_up", w.ashkal_up, kNumRanks},
      {"hokum_project", &w.hokum_project, 1},
      {"sun_project", &w.sun_project, 1},
      {"play", &w.play[0][0], kPlayContexts * kPlayWeights},
  };
  for (const Table& t : tables) reader.table(t);
  if (reader.word("the closing word end") != "end") reader.fail("expected the closing word end");
  std::string extra;
  if (in >> extra) reader.fail("text after the closing word end: " + extra);
  return w;
}

}  // namespace baloot
