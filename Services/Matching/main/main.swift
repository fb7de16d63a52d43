print("quad-matching")
