print("spin benchmark")
