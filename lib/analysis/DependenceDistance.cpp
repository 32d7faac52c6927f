//===- DependenceDistance.cpp - How far a carried dependence reaches ------===//

#include "analysis/DependenceDistance.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

using namespace c2cuda;
using namespace c2cuda::analysis;

namespace {

std::string valText(isl_val *V) {
  char *S = isl_val_to_str(V);
  std::string R = S ? S : "?";
  free(S);
  return R;
}

/// The distances of Order (instances of the source -> the sink) at Depth in
/// iterations of a loop with step Step, parameters projected out.
isl_set *distances(isl_map *Order, unsigned Depth, int64_t Step) {
  isl_size In = isl_map_dim(Order, isl_dim_in);
  isl_size Out = isl_map_dim(Order, isl_dim_out);
  Order = isl_map_project_out(Order, isl_dim_in, Depth + 1, In - Depth - 1);
  Order = isl_map_project_out(Order, isl_dim_out, Depth + 1, Out - Depth - 1);
  Order = isl_map_project_out(Order, isl_dim_in, 0, Depth);
  Order = isl_map_project_out(Order, isl_dim_out, 0, Depth);
  Order = isl_map_reset_tuple_id(Order, isl_dim_in);
  Order = isl_map_reset_tuple_id(Order, isl_dim_out);
  isl_set *Delta = isl_map_deltas(Order);
  Delta = isl_set_project_out(Delta, isl_dim_param, 0,
                              isl_set_dim(Delta, isl_dim_param));
  // The iterator difference is a multiple of the step: both instances run
  // in the same loop with the same enclosing iterators.
  std::string ToIters = "{ [v] -> [d] : v = " + std::to_string(Step) + " * d }";
  isl_map *Scale =
      isl_map_read_from_str(isl_set_get_ctx(Delta), ToIters.c_str());
  return isl_set_apply(Delta, Scale);
}

} // namespace

std::string c2cuda::analysis::formatDistances(isl_set *D) {
  std::string R;
  if (!D || isl_set_is_empty(D) != isl_bool_false) {
    isl_set_free(D);
    return R;
  }
  isl_aff *Id = isl_aff_read_from_str(isl_set_get_ctx(D), "{ [d] -> [(d)] }");
  isl_val *Min = isl_set_min_val(D, Id);
  isl_val *Max = isl_set_max_val(D, Id);
  if (!Min || !Max || isl_val_is_nan(Min) || isl_val_is_infty(Min) ||
      isl_val_is_neginfty(Min))
    R = "*";
  else if (isl_val_is_infty(Max) || isl_val_is_nan(Max))
    R = ">= " + valText(Min);
  else if (isl_val_eq(Min, Max))
    R = valText(Min);
  else
    R = valText(Min) + ".." + valText(Max);
  isl_val_free(Min);
  isl_val_free(Max);
  isl_aff_free(Id);
  isl_set_free(D);
  return R;
}

std::optional<CarriedDistance>
c2cuda::analysis::carriedDistance(isl_map *Carried, unsigned Depth,
                                  int64_t Step) {
  // The first access runs earlier when its iterator comes first in the
  // loop's order: smaller for increasing loops, larger for decreasing ones.
  isl_map *FirstEarlier =
      Step > 0 ? isl_map_order_lt(isl_map_copy(Carried), isl_dim_in, Depth,
                                  isl_dim_out, Depth)
               : isl_map_order_gt(isl_map_copy(Carried), isl_dim_in, Depth,
                                  isl_dim_out, Depth);
  std::optional<CarriedDistance> R;
  if (isl_map_is_empty(FirstEarlier) == isl_bool_false) {
    R = CarriedDistance{true,
                        formatDistances(distances(FirstEarlier, Depth, Step))};
    isl_map_free(Carried);
    return R;
  }
  isl_map_free(FirstEarlier);
  isl_map *SecondEarlier = isl_map_reverse(Carried);
  SecondEarlier = Step > 0 ? isl_map_order_lt(SecondEarlier, isl_dim_in, Depth,
                                              isl_dim_out, Depth)
                           : isl_map_order_gt(SecondEarlier, isl_dim_in, Depth,
                                              isl_dim_out, Depth);
  if (isl_map_is_empty(SecondEarlier) == isl_bool_false) {
    R = CarriedDistance{false,
                        formatDistances(distances(SecondEarlier, Depth, Step))};
    return R;
  }
  isl_map_free(SecondEarlier);
  return R;
}
